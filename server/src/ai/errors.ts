import type * as Ai from 'ai';
import { AiError } from './types.js';

/** What the user reads when the AI model fails: plain words, nothing of the server's set-up. */
export const AI_MESSAGES = {
  timeout: 'The AI model did not answer in time. Please try again.',
  unreachable:
    'The AI model cannot be reached right now. Please try again later; if it keeps happening, tell your administrator.',
  auth: 'The AI model refused Daymark’s sign-in. Your administrator needs to check how the model is connected.',
  notFound:
    'The AI model Daymark is set to use could not be found. Your administrator needs to check how it is connected.',
  rateLimited: 'The AI model is busy with too many requests. Please try again in a moment.',
  providerError: 'The AI model had an error. Please try again.',
  badRequest: 'The AI model refused the request.',
  invalidOutput: 'The AI model answered in an unexpected format.',
  cancelled: 'The AI request was cancelled.',
  failed: 'The AI request failed.',
} as const;

/**
 * What the administrator reads in the log beside a failure: which settings to check. Never sent
 * to a user.
 */
export const AI_ADMIN_HINTS = {
  none: 'No AI provider is configured (LLM_PROVIDER=none): the coaches answer with the offline briefing, review, planning guide and workout planner only. To connect a model set LLM_PROVIDER (openai-compatible, openai or anthropic), LLM_BASE_URL and LLM_MODEL for an OpenAI-compatible server, or LLM_API_KEY for OpenAI and Anthropic, and restart (README, "AI provider").',
  unreachable: 'Check LLM_BASE_URL and that the model server is running and reachable from Daymark.',
  auth: 'Check LLM_API_KEY.',
  notFound: 'Check LLM_MODEL and LLM_BASE_URL.',
} as const;

/** The administrator's hint for a failure the user was told about, if there is one. */
export function adminHintOf(err: AiError): string | undefined {
  if (err.message === AI_MESSAGES.unreachable) return AI_ADMIN_HINTS.unreachable;
  if (err.message === AI_MESSAGES.auth) return AI_ADMIN_HINTS.auth;
  if (err.message === AI_MESSAGES.notFound) return AI_ADMIN_HINTS.notFound;
  return undefined;
}

function isAbort(err: unknown) {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

function networkCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e instanceof Error; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = e.cause;
  }
  return undefined;
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'string') return err;
  const o = err as { message?: unknown; error?: { message?: unknown } } | null;
  if (typeof o?.message === 'string') return o.message;
  if (typeof o?.error?.message === 'string') return o.error.message;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

/** The SDK's error classes, passed in by the provider that loaded the SDK. */
export type AiSdkErrors = Pick<typeof Ai, 'APICallError' | 'NoObjectGeneratedError' | 'RetryError'>;

/**
 * Maps any failure of the SDK to an AiError with a clear message; the key is scrubbed from details.
 * `sdk` is the loaded SDK; without it (the SDK itself failed to load) only the SDK-independent
 * cases are told apart.
 */
export function toAiError(err: unknown, opts: { apiKey?: string; callerAborted: boolean; sdk?: AiSdkErrors }): AiError {
  const { sdk } = opts;
  if (err instanceof AiError) return err;
  const scrub = (s: string) => (opts.apiKey ? s.split(opts.apiKey).join('[redacted]') : s);
  const inner = sdk?.RetryError.isInstance(err) ? err.lastError : err;
  const details = scrub(errorText(inner)).slice(0, 500);
  if (opts.callerAborted) return new AiError(AI_MESSAGES.cancelled, details);
  if (sdk?.NoObjectGeneratedError.isInstance(inner)) return new AiError(AI_MESSAGES.invalidOutput, details);
  if (sdk?.APICallError.isInstance(inner)) {
    const s = inner.statusCode;
    if (s === 401 || s === 403) return new AiError(AI_MESSAGES.auth, details);
    if (s === 404) return new AiError(AI_MESSAGES.notFound, details);
    if (s === 429) return new AiError(AI_MESSAGES.rateLimited, details);
    if (s !== undefined && s >= 500) return new AiError(AI_MESSAGES.providerError, details);
    if (s !== undefined && s >= 400) return new AiError(AI_MESSAGES.badRequest, details);
    if (isAbort(inner.cause)) return new AiError(AI_MESSAGES.timeout, details);
    return new AiError(AI_MESSAGES.unreachable, details);
  }
  if (isAbort(inner)) return new AiError(AI_MESSAGES.timeout, details);
  const code = networkCode(inner);
  if (code && /ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|EHOSTUNREACH|UND_ERR/.test(code)) {
    return new AiError(AI_MESSAGES.unreachable, details);
  }
  // A provider's error chunk inside a stream arrives as a plain object.
  if (!(inner instanceof Error)) return new AiError(AI_MESSAGES.providerError, details);
  return new AiError(AI_MESSAGES.failed, details);
}
