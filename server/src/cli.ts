import { runUsersCommand, USAGE } from './features/users/cli.js';

const [group, ...args] = process.argv.slice(2);
if (group === 'users') {
  process.exitCode = await runUsersCommand(args);
} else {
  console.error(USAGE);
  process.exitCode = 2;
}
