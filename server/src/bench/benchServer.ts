/**
 * The built server plus one bare route, for `npm run bench` only; production starts main.ts,
 * which never registers it. The bare route does the same database read as GET /api/auth/me
 * (session and user by token hash) without the auth hook, so the bench can report the
 * framework's and the auth layer's overhead as a ratio measured in the same run.
 */

import { bootstrap } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { findSessionByTokenHash } from '../features/auth/repo.js';
import { hashToken } from '../features/auth/tokens.js';
import { defaultWebDir } from '../version.js';

const config = loadConfig(process.env, defaultWebDir());
const { app, ctx } = await bootstrap(config, { level: config.logLevel });

app.get('/api/bench/bare', { config: { public: true } }, async (request, reply) => {
  // A header the auth hook does not read, so this route pays for nothing but the read itself.
  const token = String(request.headers['x-bench-token'] ?? '');
  const row = await findSessionByTokenHash(ctx.db, hashToken(token));
  if (!row) return reply.code(401).send({ error: 'Authentication required' });
  return { user: { username: row.username, is_admin: row.is_admin === 1, timezone: row.timezone } };
});

await app.listen({ port: config.port, host: '127.0.0.1' });
