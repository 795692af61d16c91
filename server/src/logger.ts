import type { FastifyServerOptions } from 'fastify';
import { LOG_REDACT } from './app.js';
import type { Config } from './config.js';

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return { level: config.logLevel, redact: { paths: LOG_REDACT, censor: '[redacted]' } };
}
