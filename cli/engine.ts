import { runEngineCommand } from './engine-commands';

/** `npm run engine -- <command>`: see `engine-commands.ts` for the commands. */
runEngineCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
