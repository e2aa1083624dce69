import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the FFmpeg Lambda layer for one architecture:
 *
 *   layers/ffmpeg/build/<arch>/bin/ffmpeg, bin/ffprobe   → /opt/bin in Lambda
 *   layers/ffmpeg/build/<arch>/fonts/*.ttf, fonts.conf   → /opt/fonts (text in subtitles, watermarks, images)
 *
 * The binaries are the static builds published on npm, pinned in versions.json and verified against
 * the registry's integrity hash. x86_64 comes from node_modules (offline); arm64 is fetched with
 * `npm pack`. Files get a fixed mtime so the asset hash only changes when the content does.
 *
 *   npx tsx layers/ffmpeg/build.ts [x86_64|arm64]
 */
type Arch = 'x86_64' | 'arm64';
interface Source {
  package: string;
  version: string;
  binary: string;
  integrity: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const versions = JSON.parse(readFileSync(join(here, 'versions.json'), 'utf8')) as Record<
  Arch,
  { ffmpeg: Source; ffprobe: Source }
> & {
  fonts: string[];
};
const FIXED_TIME = new Date('2020-01-01T00:00:00Z');

export const layerDir = (arch: Arch) => join(here, 'build', arch);

function sri(data: Buffer): string {
  return `sha512-${createHash('sha512').update(data).digest('base64')}`;
}

/** The package's tarball from the registry, checked against the pinned integrity. */
function fetchPackage(source: Source, workDir: string): string {
  mkdirSync(workDir, { recursive: true });
  const output = execFileSync(
    'npm',
    ['pack', `${source.package}@${source.version}`, '--json', '--pack-destination', workDir],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [info] = JSON.parse(output) as { filename: string }[];
  const tarball = join(workDir, info!.filename);
  const actual = sri(readFileSync(tarball));
  if (actual !== source.integrity)
    throw new Error(`${source.package}@${source.version}: integrity mismatch (${actual})`);
  execFileSync('tar', ['-xzf', tarball, '-C', workDir]);
  return join(workDir, 'package', source.binary);
}

/** The installed copy when it is the pinned version (x86_64 is a regular dependency). */
function installedBinary(source: Source): string | null {
  try {
    const manifest = require.resolve(`${source.package}/package.json`);
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const binary = join(dirname(manifest), source.binary);
    return pkg.version === source.version && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function place(from: string, to: string, mode: number): void {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  chmodSync(to, mode);
  utimesSync(to, FIXED_TIME, FIXED_TIME);
}

export function buildLayer(arch: Arch): string {
  const out = layerDir(arch);
  const stamp = join(out, '.versions.json');
  const wanted = JSON.stringify({ ...versions[arch], fonts: versions.fonts });
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return out;
  rmSync(out, { recursive: true, force: true });
  const work = mkdtempSync(join(tmpdir(), 'ffmpeg-layer-'));
  try {
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const source = versions[arch][tool];
      const binary = installedBinary(source) ?? fetchPackage(source, join(work, tool));
      place(binary, join(out, 'bin', tool), 0o755);
    }
    const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    for (const font of versions.fonts) place(join(fontDir, font), join(out, 'fonts', font), 0o644);
    writeFileSync(
      join(out, 'fonts', 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>/opt/fonts</dir><cachedir>/tmp/fontconfig-cache</cachedir></fontconfig>\n`,
    );
    utimesSync(join(out, 'fonts', 'fonts.conf'), FIXED_TIME, FIXED_TIME);
    writeFileSync(stamp, wanted);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arch = (process.argv[2] ?? 'x86_64') as Arch;
  if (arch !== 'x86_64' && arch !== 'arm64') throw new Error('Usage: build.ts [x86_64|arm64]');
  console.log(`FFmpeg layer (${arch}) ready in ${buildLayer(arch)}`);
}
