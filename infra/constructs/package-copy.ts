import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Packages esbuild cannot bundle (native binaries, data files read from the package folder) are
 * copied into a function's bundle from this machine's node_modules, with everything they depend on,
 * so synth stays offline. Native ones come as installed here (linux-x64), so those functions run on
 * x86_64.
 */
/** Node's lookup of a package folder (package "exports" may hide package.json from require.resolve). */
function packageDir(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** The package folders of `names` and of every dependency they need that is installed. */
export function packageClosure(names: string[], root: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    if (found.has(name)) return;
    const dir = packageDir(name, from);
    if (!dir || !existsSync(join(dir, 'package.json'))) return;
    found.set(name, dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
      visit(dependency, dir);
  };
  for (const name of names) visit(name, root);
  return found;
}

/** Shell commands copying the closure into `<outputDir>/node_modules`. */
export function copyCommands(names: string[], root: string, outputDir: string): string[] {
  return [...packageClosure(names, root)].map(([name, dir]) => {
    const target = join(outputDir, 'node_modules', name);
    return `mkdir -p "${dirname(target)}" && cp -R "${dir}" "${target}"`;
  });
}
