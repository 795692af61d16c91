import type * as Ai from 'ai';
import { AiError } from './types.js';

export const AI_MESSAGES = {
  timeout: 'The AI provider did not answer in time. Please try again.',
  unreachable: 'Could not reach the AI provider. Check LLM_BASE_URL and that the server is running.',
  auth: 'The AI provider rejected the credentials. Check LLM_API_KEY.',
  notFound: 'The AI provider does not know this model or address. Check LLM_MODEL and LLM_BASE_URL.',
  rateLimited: 'The AI provider is rate limiting requests. Please try again in a moment.',
  providerError: 'The AI provider had an error. Please try again.',
  badRequest: 'The AI provider refused the request.',
  invalidOutput: 'The AI provider returned output in an unexpected format.',
  cancelled: 'The AI request was cancelled.',
  failed: 'The AI request failed.',
} as const;

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
