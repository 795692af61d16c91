import type { ZodType } from 'zod';
import { AUTH_EXPIRED_CODE } from '#common/api/calendarText.js';
import { MESSAGES } from '#common/constants.js';
import { loginPathFor } from './loginPath';
import { clearToken, getToken } from './token';

export const API_BASE = '/api';

/**
 * A non-OK response. `message` is the server's `error` (else `message`) text, else
 * 'Something went wrong'; `serverMessage` is the server's text alone (undefined if it sent none).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly serverMessage: string | undefined;
  constructor(
    readonly status: number,
    serverMessage: string | undefined,
    readonly body?: unknown,
  ) {
    super(serverMessage ?? MESSAGES.somethingWrong);
    this.serverMessage = serverMessage;
  }

  /** The server's machine-readable `code`, e.g. 'AUTH_EXPIRED'. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** The user's Google Calendar connection expired (401 with code AUTH_EXPIRED); the session is fine. */
  get calendarAuthExpired(): boolean {
    return this.status === 401 && this.code === AUTH_EXPIRED_CODE;
  }
}

/**
 * A response check compiled at build time from a shared zod schema (`virtual:response-checks`,
 * used by the first page's screens so that zod is not in the first chunks): true when the body
 * has the schema's shape; `errors` then says where it did not.
 */
export interface CompiledCheck {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

/** A response body that does not have the shape the screen expects (a compiled check failed). */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

export interface ApiOptions<T> extends Omit<RequestInit, 'body'> {
  /** Serialized as JSON (FormData, Blob and strings are sent as they are). */
  body?: unknown;
  /**
   * Validates and types the response body: a zod schema (which also strips unknown keys and
   * applies its transforms), or a compiled check of the same schema (the body is kept as sent).
   */
  schema?: ZodType<T> | CompiledCheck;
  /** Query string parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Leave a 401 to the caller instead of signing out (the login form uses this). */
  skipAuthRedirect?: boolean;
  /** Send the stored bearer token (default true; the login call sends none). */
  withToken?: boolean;
}

type UnauthorizedHandler = (loginPath: string) => void;
let onUnauthorized: UnauthorizedHandler = (to) => window.location.assign(to);

/** The app routes the 401 redirect through its router; the default is a full page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Forgets the token and sends the user to sign in (what a 401 does; exported for the XMLHttpRequest upload). */
export function handleUnauthorized(): void {
  clearToken();
  const { pathname, search } = window.location;
  if (!pathname.startsWith('/login')) onUnauthorized(loginPathFor({ pathname, search }));
}

function buildUrl(path: string, query: ApiOptions<unknown>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's `error` (else `message`) text of a parsed error body. */
export function serverMessageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/**
 * A 401 that says the Google Calendar connection expired (`code: 'AUTH_EXPIRED'`) is about the
 * calendar, not the session: it must not sign the user out. Read from a clone so the caller
 * still gets the unread body.
 */
async function isCalendarAuthExpiry(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return body?.code === AUTH_EXPIRED_CODE;
  } catch {
    return false;
  }
}

/**
 * Sends a request under `/api` with the stored bearer token (JSON body and `Accept:
 * application/json` unless the caller sets its own) and resolves with the unread response, for
 * callers that read it themselves (event streams). Any 401 clears the token and sends the user
 * to /login?next=<current location>, unless already on /login; except a calendar expiry (see
 * isCalendarAuthExpiry), which the calendar screens handle.
 */
export async function apiRequest(path: string, options: Omit<ApiOptions<unknown>, 'schema'> = {}): Promise<Response> {
  const { body, query, skipAuthRedirect, withToken = true, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = withToken ? getToken() : null;
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    payload = isRawBody(body) ? body : JSON.stringify(body);
    if (!isRawBody(body)) headers.set('Content-Type', 'application/json');
  }

  const response = await fetch(buildUrl(path, query), {
    credentials: 'same-origin',
    ...init,
    headers,
    body: payload,
  });
  if (response.status === 401 && !skipAuthRedirect && !(await isCalendarAuthExpiry(response))) handleUnauthorized();
  return response;
}

/**
 * Calls the API with apiRequest and resolves with the parsed body (validated by `schema` when
 * given); a non-OK response throws ApiError.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const { schema, ...request } = options;
  const response = await apiRequest(path, request);
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, serverMessageOf(data), data);
  if (typeof schema === 'function') {
    if (!schema(data)) {
      const first = schema.errors?.[0];
      throw new UnexpectedResponseError(
        `Unexpected answer from ${path}: ${first ? `${first.instancePath || 'body'} ${first.message ?? ''}` : 'wrong shape'}`,
      );
    }
    return data as T;
  }
  return schema ? schema.parse(data) : (data as T);
}

type Opts<T> = Omit<ApiOptions<T>, 'method' | 'body'>;

export const get = <T = unknown>(path: string, opts?: Opts<T>) => apiFetch<T>(path, { ...opts, method: 'GET' });
export const post = <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) =>
  apiFetch<T>(path, { ...opts, method: 'POST', body });
export const put = <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) =>
  apiFetch<T>(path, { ...opts, method: 'PUT', body });
export const patch = <T = unknown>(path: string, body?: unknown, opts?: Opts<T>) =>
  apiFetch<T>(path, { ...opts, method: 'PATCH', body });
export const del = <T = unknown>(path: string, opts?: Opts<T>) => apiFetch<T>(path, { ...opts, method: 'DELETE' });

/**
 * True when a request got no answer at all: fetch rejects with a TypeError when the network or
 * the server is unreachable and when the browser aborts the request (e.g. the page is being
 * left), and with an AbortError when the caller aborted it.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The message to show for a thrown value: the server's own text when it sent one, else
 * `fallback` (e.g. 'Failed to create API key'). Network and parse errors get the fallback too.
 */
export function messageOf(error: unknown, fallback: string = MESSAGES.somethingWrong): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
