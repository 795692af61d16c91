import { DATA_USAGE, runDataCommand } from './features/dataTransfer/cli.js';
import { runUsersCommand, USAGE } from './features/users/cli.js';

const [group, ...args] = process.argv.slice(2);
if (group === 'users') {
  process.exitCode = await runUsersCommand(args);
} else if (group === 'data') {
  process.exitCode = await runDataCommand(args);
} else {
  console.error(`${USAGE}\n\n${DATA_USAGE}`);
  process.exitCode = 2;
}
