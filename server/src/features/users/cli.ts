import { loadConfig } from '../../config.js';
import { migrateToLatest, openDatabase } from '../../db/index.js';
import { addUser, listUsers, removeUser, setPassword, UserError } from './service.js';

export const USAGE = `Usage: npm run users -- <command>
  add <username> [--admin]   create an account (password read from standard input)
  passwd <username>          set a new password (read from standard input); signs the user out everywhere
  remove <username>          delete the account and all of its data
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

export async function runUsersCommand(argv: string[], env = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const positional = rest.filter((a) => !a.startsWith('--'));
  const username = positional[0];
  const config = loadConfig(env);
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    switch (command) {
      case 'add':
        if (!username) throw new UserError(USAGE);
        await addUser(handle.db, username, await readPassword(), rest.includes('--admin'));
        console.log(`Created user '${username}'${rest.includes('--admin') ? ' (administrator)' : ''}.`);
        return 0;
      case 'passwd':
        if (!username) throw new UserError(USAGE);
        await setPassword(handle.db, username, await readPassword());
        console.log(`Password changed for '${username}'; their sessions were signed out.`);
        return 0;
      case 'remove':
        if (!username) throw new UserError(USAGE);
        await removeUser(handle.db, username);
        console.log(`Removed user '${username}' and all of their data.`);
        return 0;
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
