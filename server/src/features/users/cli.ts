import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { migrateToLatest, openDatabase } from '../../db/index.js';
import { clearUsernameLock } from '../auth/dbThrottle.js';
import { addUser, listUsers, removeUser, setPassword, UserError } from './service.js';

export const USAGE = `Usage: npm run users -- <command>
  add <username> [--admin]   create an account (password read from standard input)
  passwd <username>          set a new password (read from standard input); signs the user out everywhere
                             and revokes their browsers' device cookies
  remove <username>          delete the account and all of its data
  unlock <username>          lift the wait that failed sign-ins put on this username
  list                       list the accounts`;

async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += chunk;
    return text.replace(/\r?\n$/, '');
  }
  process.stderr.write('Password: ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (ch: string) => {
      for (const c of ch) {
        if (c === '\r' || c === '\n') {
          stdin.setRawMode(false);
          stdin.off('data', onData);
          stdin.pause();
          process.stderr.write('\n');
          return resolve(value);
        }
        if (c === '\u0003') return reject(new UserError('Cancelled.'));
        if (c === '\u007f') value = value.slice(0, -1);
        else value += c;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * The command, its one username and its flags, strictly: an unknown flag (`--admni`), a missing
 * or extra name is refused rather than guessed at. `--` ends the flags.
 */
function parseCommand(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { admin: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (values.admin && command !== 'add') throw new UserError(USAGE);
  const wanted = command === 'list' ? 0 : 1;
  if (positionals.length !== wanted) throw new UserError(USAGE);
  return { command, username: positionals[0], admin: values.admin };
}

export async function runUsersCommand(argv: string[], env = process.env): Promise<number> {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (err) {
    console.error(err instanceof UserError ? err.message : `${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { command, username, admin } = parsed;
  const config = loadConfig(env);
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    switch (command) {
      case 'add':
        if (!username) throw new UserError(USAGE);
        await addUser(handle.db, username, await readPassword(), admin);
        console.log(`Created user '${username}'${admin ? ' (administrator)' : ''}.`);
        return 0;
      case 'passwd':
        if (!username) throw new UserError(USAGE);
        await setPassword(handle.db, username, await readPassword());
        console.log(
          `Password changed for '${username}'; their sessions were signed out and their device cookies revoked.`,
        );
        return 0;
      case 'remove':
        if (!username) throw new UserError(USAGE);
        await removeUser(handle.db, username);
        console.log(`Removed user '${username}' and all of their data.`);
        return 0;
      case 'unlock': {
        if (!username) throw new UserError(USAGE);
        const cleared = await clearUsernameLock(handle.db, username);
        if (cleared) console.log(`Lifted the sign-in wait for '${username}'.`);
        else if (handle.dialect === 'sqlite')
          // With SQLite the server keeps its counters in its own memory (one process), out of reach here.
          console.log(
            `With SQLite the server keeps its sign-in counters in memory: restart it to lift the wait for '${username}'. ` +
              'A browser that signed in as them before is not held by it.',
          );
        else console.log(`No sign-in wait was held for '${username}'.`);
        return 0;
      }
      case 'list': {
        const users = await listUsers(handle.db);
        for (const u of users)
          console.log(`${u.username}${u.is_admin ? '  (administrator)' : ''}  created ${u.created_at}`);
        if (users.length === 0) console.log('No users.');
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (err) {
    if (err instanceof UserError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await handle.close();
  }
}
