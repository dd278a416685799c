/**
 * Secrets that must never reach a log line, whatever the level or the place they came in
 * (a query parameter of any name, a path segment, a bare query string, any header, a message):
 * - every secret the console makes is redacted by its shape, in the written line itself
 *   (`redactSecrets`, pino's last step): access keys (`wfk_`), SCIM tokens (`wfs_`), webhook
 *   signing secrets (`whsec_`), JWTs (idTokens, sign-in links' tokens), and the 32 random
 *   bytes in base64url of session secrets, invitations', password resets' and SSO states'
 *   tokens and download links' signatures (any run of 43 or more such characters: a
 *   SHA-256 in hex is hidden too, the price of catching them whatever surrounds them);
 * - secrets of no shape of ours are redacted by name: the headers that carry credentials
 *   (plugins log them at trace level: @fastify/multipart logs its busboy options with every
 *   request header) and query parameters such as single sign-on's `code` or a password;
 * - a failed statement's parameters (drizzle puts them in the error and its message:
 *   password hashes were seen).
 * `logOptions` is the one configuration of every logger of the server (app, process, tests).
 */
import {
  ACCESS_KEY_BODY_LENGTH,
  ACCESS_KEY_CHECKSUM_LENGTH,
  ACCESS_KEY_PREFIX,
  SCIM_TOKEN_BODY_LENGTH,
  SCIM_TOKEN_CHECKSUM_LENGTH,
  SCIM_TOKEN_PREFIX,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
} from '@console/contracts';
import pino, { type LoggerOptions } from 'pino';
import { RANDOM_TOKEN_BYTES } from './secrets.js';

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

/** How many characters base64 (or base64url) writes for that many bytes, before any padding. */
const base64Chars = (bytes: number) => Math.ceil((bytes * 8) / 6);
/** A base64 character as a URL carries it, raw or percent-encoded. */
const BASE64_CHAR = '(?:[A-Za-z0-9+/]|%2[BbFf])';

/** Every shape of secret the console makes, wherever it appears in a line; the longest first. */
const SECRET_SHAPES = new RegExp(
  [
    // A JWT (an idToken, a sign-in link's token): header.payload.signature.
    'eyJ[\\w-]*\\.[\\w-]+\\.[\\w-]+',
    `${WEBHOOK_SECRET_PREFIX}${BASE64_CHAR}{${base64Chars(WEBHOOK_SECRET_BYTES)}}(?:=|%3[Dd])?`,
    `${ACCESS_KEY_PREFIX}[0-9A-Za-z]{${ACCESS_KEY_BODY_LENGTH + ACCESS_KEY_CHECKSUM_LENGTH}}`,
    `${SCIM_TOKEN_PREFIX}[0-9A-Za-z]{${SCIM_TOKEN_BODY_LENGTH + SCIM_TOKEN_CHECKSUM_LENGTH}}`,
    `[\\w-]{${base64Chars(RANDOM_TOKEN_BYTES)},}`,
  ].join('|'),
  'g',
);

/** The text with every secret of a known shape replaced. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_SHAPES, REDACTED);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The URL with the value of every secret query parameter, and every secret of a known shape, replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactSecrets(url);
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
  return redactSecrets(`${url.slice(0, q)}?${query}`);
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
    typeof text === 'string' ? redactSecrets(paramTexts.reduce((t, p) => t.replaceAll(p, `params: ${REDACTED}`), text)) : text;
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
export const logOptions = {
  redact: logRedaction,
  serializers: logSerializers,
  // The written line, whatever logged it (a plugin's headers, a 404's message): the one net of every shape.
  hooks: { streamWrite: redactSecrets },
} satisfies LoggerOptions;
