import { runDataCommand } from './features/dataTransfer/cli.js';

/** npm run data -- <command>: moving data in and out of Daymark. */
process.exitCode = await runDataCommand(process.argv.slice(2));
