/**
 * Secrets that must never reach a log line, whatever the level:
 * - the headers that carry an access key, an idToken or a session cookie (plugins log them
 *   at trace level: @fastify/multipart logs its busboy options with every request header);
 * - secrets in URLs, which every request line logs: invitation and sign-in link tokens
 *   (`?token=`), single sign-on's `code` and `state`, an access key sent as `?apiKey=`,
 *   signed download links, and anything shaped like a JWT;
 * - a failed statement's parameters (drizzle puts them in the error and its message:
 *   password hashes were seen).
 * `logOptions` is the one configuration of every logger of the server (app, process, tests).
 */
import pino, { type LoggerOptions } from 'pino';

const REDACTED = '[redacted]';
const secretHeaders = ['authorization', 'cookie', 'apikey', 'set-cookie'];

export const logRedaction: NonNullable<LoggerOptions['redact']> = {
  paths: secretHeaders.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
  censor: REDACTED,
};

/** Query parameters whose value is a secret (names compared without case). */
export const SECRET_QUERY_PARAMS = new Set([
  'token',
  'apikey',
  'api_key',
  'access_token',
  'refresh_token',
  'id_token',
  'idtoken',
  'code',
  'state',
  'password',
  'secret',
  'client_secret',
  'signature',
]);

/** A JWT (an idToken, a sign-in link's token) wherever it appears: header.payload.signature. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]+/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The URL with the value of every secret query parameter, and every JWT, replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.replace(JWT, REDACTED);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // `token[a]=` and `token.a=` are the shapes query parsers nest: their base name decides.
      const name = decoded(eq < 0 ? pair : pair.slice(0, eq))
        .trim()
        .toLowerCase()
        .replace(/[[.].*$/, '');
      return eq >= 0 && SECRET_QUERY_PARAMS.has(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`.replace(JWT, REDACTED);
}

interface RequestLike {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/** Fastify's request line (method, url, host, address), with the URL redacted. */
function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: req.headers?.['accept-version'] as string | undefined,
    host: req.host,
    remoteAddress: req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * pino's error serializer without a failed statement's parameters: drizzle's error carries
 * them as `params` and writes them into its message ("params: …"), and so into the stack.
 * The statement's text stays (its values are placeholders).
 */
function serializeError(err: Error): Record<string, unknown> {
  if (!(err instanceof Error)) return err;
  const paramTexts: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params) && params.length > 0) paramTexts.push(`params: ${String(params)}`);
  }
  const scrub = (text: unknown) =>
    typeof text === 'string' ? paramTexts.reduce((t, p) => t.replaceAll(p, `params: ${REDACTED}`), text).replace(JWT, REDACTED) : text;
  const strip = (out: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const { params: _p, parameters: _q, ...rest } = out;
    rest.message = scrub(rest.message);
    rest.stack = scrub(rest.stack);
    if (rest.cause && typeof rest.cause === 'object' && depth < 10) rest.cause = strip(rest.cause as Record<string, unknown>, depth + 1);
    return rest;
  };
  return strip(pino.stdSerializers.err(err) as unknown as Record<string, unknown>, 0);
}

// Typed as pino's: Fastify takes any serializer of the request and the error.
export const logSerializers: NonNullable<LoggerOptions['serializers']> = { req: serializeRequest, err: serializeError };

/** Every logger of the server is made with these (with its own level). */
export const logOptions = { redact: logRedaction, serializers: logSerializers } satisfies LoggerOptions;
