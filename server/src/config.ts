import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_NAMES } from '#common/api/health.js';
import { MCP_RATE_LIMIT_PER_MINUTE } from '#common/apiKeyConstants.js';
import { withoutTrailingSlashes } from '#common/text.js';
import type { AiProviderConfig } from './ai/provider.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** Every environment variable the server reads, parsed once. Documented in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_USERNAME: z.string().trim().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(90),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  ALLOWED_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  ACTIVITY_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  WEB_DIR: z.string().optional(),
  LLM_PROVIDER: z.enum(PROVIDER_NAMES).default('none'),
  LLM_BASE_URL: optionalText,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  BACKUP_DIR: optionalText,
  DAYMARK_SCRIPTS_DIR: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_REDIRECT_URI: optionalText,
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: z.string().url().default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_CALENDAR_API_URL: z.string().url().default('https://www.googleapis.com/calendar/v3'),
  DAYMARK_SECRET_KEY: optionalText,
  CALENDAR_ALLOW_PRIVATE_HOSTS: bool.default(false),
  MCP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(MCP_RATE_LIMIT_PER_MINUTE),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURITY: z.enum(['starttls', 'tls', 'none']).default('starttls'),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: optionalText,
  SMTP_CA_FILE: optionalText,
  PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/]/, 'PUBLIC_URL must start with https:// or http://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: optionalText,
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** undefined: secure cookies when the request arrived over https */
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  allowedOrigins: string[];
  bodyLimit: number;
  /** Largest export zip `POST /api/import` accepts. */
  importMaxBytes: number;
  /** Largest activity file or export zip `POST /api/activities/import` accepts (streamed to disk). */
  activityImportMaxBytes: number;
  /** Built web app to serve; null serves the API only. */
  webDir: string | null;
  /** The AI provider; the key stays on the server and is never logged. */
  llm: AiProviderConfig;
  /** Where database_backup jobs write (default DATA_DIR/backups). */
  backupDir: string;
  /** The only folder custom_script jobs may run executables from; unset disables them. */
  scriptsDir: string | null;
  google: GoogleConfig;
  /** Encrypts stored calendar credentials; null: a key file under DATA_DIR is used (created on first start). */
  secretKey: string | undefined;
  /**
   * Whether .ics and CalDAV addresses may point into the server's own network (loopback, private,
   * link-local…); off by default, so a user cannot make the server read its neighbours.
   */
  calendarAllowPrivateHosts: boolean;
  /** MCP requests per API key per minute. */
  mcpRateLimitPerMinute: number;
  /** The administrator's mail server for e-mail reminders; null: e-mail cannot be chosen. */
  smtp: SmtpConfig | null;
  /** The address the app is reached at, for links in reminders; null: the one each channel was saved from. */
  publicUrl: string | null;
  /** Contact sent to push services with each Web Push (mailto: or https:). */
  vapidSubject: string;
  /**
   * On SIGTERM: how long the instance keeps serving with its health check failing (for a load
   * balancer to take it out), then how long requests and streams in flight have to finish.
   */
  shutdown: { drainDelayMs: number; graceMs: number };
};

export interface SmtpConfig {
  host: string;
  port: number;
  /** tls: TLS from the first byte (465); starttls: required upgrade (587); none: plain (a local relay). */
  security: 'starttls' | 'tls' | 'none';
  user: string | undefined;
  password: string | undefined;
  from: string;
  /** A PEM file of the authority that signed the server's certificate (an internal CA); null: the system's. */
  caFile: string | null;
}

export interface GoogleConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** undefined: {app origin}/dashboard/google-callback */
  redirectUri: string | undefined;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  calendarApiUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultWebDir: string | null = null): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.LLM_PROVIDER === 'openai-compatible' && (!e.LLM_BASE_URL || !e.LLM_MODEL)) {
    throw new Error('Invalid configuration: LLM_PROVIDER=openai-compatible needs LLM_BASE_URL and LLM_MODEL');
  }
  if ((e.LLM_PROVIDER === 'openai' || e.LLM_PROVIDER === 'anthropic') && !e.LLM_API_KEY) {
    throw new Error(`Invalid configuration: LLM_PROVIDER=${e.LLM_PROVIDER} needs LLM_API_KEY`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/$/, ''))
      .filter(Boolean),
    bodyLimit: e.BODY_LIMIT_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    activityImportMaxBytes: e.ACTIVITY_IMPORT_MAX_BYTES,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : defaultWebDir,
    llm: {
      provider: e.LLM_PROVIDER,
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
    },
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    scriptsDir: e.DAYMARK_SCRIPTS_DIR ? path.resolve(e.DAYMARK_SCRIPTS_DIR) : null,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      redirectUri: e.GOOGLE_REDIRECT_URI,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
      calendarApiUrl: e.GOOGLE_CALENDAR_API_URL.replace(/\/$/, ''),
    },
    secretKey: e.DAYMARK_SECRET_KEY,
    calendarAllowPrivateHosts: e.CALENDAR_ALLOW_PRIVATE_HOSTS,
    mcpRateLimitPerMinute: e.MCP_RATE_LIMIT_PER_MINUTE,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURITY === 'tls' ? 465 : e.SMTP_SECURITY === 'none' ? 25 : 587),
          security: e.SMTP_SECURITY,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM ?? `Daymark <daymark@${e.SMTP_HOST}>`,
          caFile: e.SMTP_CA_FILE ? path.resolve(e.SMTP_CA_FILE) : null,
        }
      : null,
    publicUrl: e.PUBLIC_URL ? withoutTrailingSlashes(e.PUBLIC_URL) : null,
    vapidSubject: e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : 'mailto:daymark@localhost'),
    shutdown: { drainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS, graceMs: e.SHUTDOWN_GRACE_MS },
  };
}
