/** `npm run engine -- <command>`: see `engine-commands.ts` for the commands. */
async function run(argv: string[]): Promise<number> {
  // `quotes` reads whole novels under a time limit: it loads the reading stages only.
  if (argv[0] === 'quotes' && argv.length === 2) {
    const { quotesCommand } = await import('./quotes-command');
    return quotesCommand(argv[1], console);
  }
  const { runEngineCommand } = await import('./engine-commands');
  return runEngineCommand(argv);
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
