import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AiProvider } from './ai/provider.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import type { Dialect } from './db/migrationHelpers.js';
import type { AuthService } from './features/auth/service.js';

/** What every feature's routes and services are built from. */
export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  auth: AuthService;
  version: string;
  /** The configured AI provider; `enabled` is false when none is configured. */
  ai: AiProvider;
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
