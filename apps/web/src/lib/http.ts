/**
 * The one way the web app calls the API. Every call is same-origin with the CSRF header;
 * every failure becomes an HttpError {message, code, statusCode (500 when unknown)}.
 * A redirect to another host is refused. A 401 SESSION_REVOKED also tells the app, which
 * alerts with its reason and goes to the sign-in page, wherever the call came from; not while the user logs out
 * here, when it is the echo of their own logout (a call in flight as the session closed).
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE, type SessionEndReason, sessionEndReasons } from '@console/contracts/auth-constants';
import { API_BASE_META, API_BASE_PATH_PATTERN, DEFAULT_API_BASE_PATH } from '@console/contracts/web-env';

/**
 * The API's base path, as the server wrote it into index.html (API_BASE_PATH, decision 028),
 * so one build works under any; `/api` where no server wrote it (the Vite dev server, tests).
 */
export function apiBasePath(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  const given = doc?.querySelector<HTMLMetaElement>(`meta[name="${API_BASE_META}"]`)?.content;
  return given && API_BASE_PATH_PATTERN.test(given) ? given : DEFAULT_API_BASE_PATH;
}

export const API_BASE = apiBasePath();

export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(message: string, code = 'UNKNOWN', statusCode = 500, details?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.statusCode = statusCode;
    this.details = details;
  }
}

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}

type Listener = () => void;
const revokedListeners = new Set<Listener>();
let revoked = false;
/** Why the session ended, as the server said (`details.reason`); `signed_out` when it did not say. */
let revokedReason: SessionEndReason = 'signed_out';
/** The user ended this session here (logout): from then until a new sign-in, SESSION_REVOKED is no news. */
let endedHere = false;

/**
 * Subscribe to "this session was closed elsewhere"; returns the unsubscribe function.
 * It stays true once seen (a guard may see it before the alert is on screen); the
 * alert's answer reloads the page, which starts afresh.
 */
export function onSessionRevoked(listener: Listener): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}

export function wasSessionRevoked(): boolean {
  return revoked;
}

/** Why the session was closed (read once wasSessionRevoked is true). */
export function sessionRevokedReason(): SessionEndReason {
  return revokedReason;
}

function reasonOf(details: unknown): SessionEndReason {
  const reason = (details as { reason?: unknown } | undefined)?.reason;
  return sessionEndReasons.find((known) => known === reason) ?? 'signed_out';
}

/**
 * Why the session ended, when `err` is a call refused because it had (401 SESSION_REVOKED,
 * `details.reason`, `signed_out` when it does not say); undefined for any other failure.
 */
export function sessionEndOf(err: unknown): SessionEndReason | undefined {
  if (!isHttpError(err) || err.statusCode !== 401 || err.code !== 'SESSION_REVOKED') return undefined;
  return reasonOf(err.details);
}

/** The user logs out here: calls refused from now on are not "closed from another device". */
export function sessionEndingHere(): void {
  endedHere = true;
}

/** A session was opened (or a logout failed and the session goes on): a revocation is news again. */
export function sessionOpen(): void {
  endedHere = false;
}

/** After the alert was answered (and in tests). */
export function forgetSessionRevoked(): void {
  revoked = false;
  for (const listener of revokedListeners) listener();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData (uploads) as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Do not broadcast SESSION_REVOKED (the caller is ending the session anyway). */
  quiet?: boolean;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

export async function http<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE, accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      redirect: 'follow',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new HttpError('The server could not be reached', 'NETWORK_ERROR', 500);
  }

  if (res.type === 'opaqueredirect' || (res.redirected && new URL(res.url).origin !== window.location.origin)) {
    throw new HttpError('Redirects to other hosts are not allowed.', 'REDIRECT_REFUSED', 500);
  }

  const payload = await readBody(res);
  if (!res.ok) {
    const error = toHttpError(res.status, payload, res.statusText);
    const ended = sessionEndOf(error);
    if (!opts.quiet && !endedHere && ended) {
      if (!revoked) revokedReason = ended;
      revoked = true;
      for (const listener of revokedListeners) listener();
    }
    throw error;
  }
  return payload as T;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The error envelope {statusCode, code, message, details?}, or the best we can make of anything else. */
export function toHttpError(status: number, payload: unknown, statusText = ''): HttpError {
  const statusCode = status >= 400 ? status : 500;
  if (payload && typeof payload === 'object') {
    const p = payload as Record<string, unknown>;
    const message = typeof p.message === 'string' && p.message ? p.message : statusText || 'Unknown error';
    const code = typeof p.code === 'string' && p.code ? p.code : 'UNKNOWN';
    return new HttpError(message, code, typeof p.statusCode === 'number' ? p.statusCode : statusCode, p.details);
  }
  return new HttpError(statusText || 'Unknown error', 'UNKNOWN', statusCode);
}
