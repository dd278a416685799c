/**
 * The address rule of an issuer an organization's admin names: the console fetches it
 * (discovery, keys, tokens, userinfo), so it is held to the webhooks' rule: https, and only
 * public addresses, checked when the connection is saved (an address in the URL) and on
 * every address the name resolves to before each request, which then connects to the address
 * checked (pinned-request.ts). `allowLoopback`
 * (SSO_CONNECTIONS_ALLOW_LOOPBACK, development and tests) admits http:// to this machine only.
 */
import { isIP } from 'node:net';
import type * as oidc from 'openid-client';
import { LOOPBACK } from '../auth/sso.service.js';
import { isPublicAddress } from '../webhooks/address-policy.js';
import { type PinnedAnswer, type PinnedRequest, PinnedRequestFailed, type PinnedRequestRules, pinnedRequest } from './pinned-request.js';

export type IssuerProblem = 'not_https' | 'private_address' | 'credentials';

const isLoopbackAddress = (address: string) => address === '127.0.0.1' || address === '::1';

/** Whether the console may call this address for a connection: public, or this machine when allowed. */
export const connectionAddressAllowed = (allowLoopback: boolean) => (address: string) =>
  isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
/** Whether a URL's resolved address may be spoken to over plain http: this machine, when allowed. */
export const plainHttpAllowed = (allowLoopback: boolean, address: string) => allowLoopback && isLoopbackAddress(address);

/** Why an issuer may not be saved, or null. */
export function issuerProblem(issuer: string, allowLoopback: boolean): IssuerProblem | null {
  const url = new URL(issuer);
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (allowLoopback && url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  if (url.protocol !== 'https:') return 'not_https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host.toLowerCase() === 'localhost' || host.toLowerCase().endsWith('.localhost')) return 'private_address';
  if (isIP(host) !== 0 && !isPublicAddress(host)) return 'private_address';
  return null;
}

/** A request to an address the rule refuses: the issuer named a private or loopback address. */
export class IssuerAddressRefused extends Error {}

/** The largest answer of an issuer (a discovery document, a key set, tokens) the console reads. */
export const ISSUER_ANSWER_MAX_BYTES = 1024 * 1024;
/** Each request to an issuer ends within this, whatever openid-client's own timeout (the key set's read has none). */
export const ISSUER_REQUEST_TIMEOUT_MS = 10_000;

/** A status `Response` may not carry a body with. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The pinned answer as the WHATWG `Response` openid-client reads (status, headers, body). */
function asResponse(target: URL, answer: PinnedAnswer): Response {
  if (answer.status < 200 || answer.status > 599)
    throw new Error(`The issuer at ${target.origin} answered with status ${answer.status}, which is not HTTP's.`);
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    try {
      headers.append(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    } catch {
      // A header fetch would not carry either: left out.
    }
  }
  return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), { status: answer.status, headers });
}

/** Why a request to the issuer got no answer, in words an IT admin acts on. */
function issuerUnreachable(target: URL, failed: PinnedRequestFailed): Error {
  const said: Record<PinnedRequestFailed['failure'], () => Error> = {
    address_refused: () => new IssuerAddressRefused(`The issuer's host ${target.host} names an address the console may not call.`),
    not_https: () => new IssuerAddressRefused(`The issuer's URL ${target.origin} is not https.`),
    unresolved: () => new Error(`The issuer's host ${target.host} could not be resolved.`),
    timeout: () => new Error(`The issuer at ${target.origin} did not answer within ${ISSUER_REQUEST_TIMEOUT_MS / 1000} s.`),
    too_large: () => new Error(`The issuer's answer at ${target.origin} is larger than ${ISSUER_ANSWER_MAX_BYTES / 1024} KB.`),
    unreachable: () => new Error(`The issuer at ${target.origin} could not be reached (${failed.code}).`),
    broke_off: () => new Error(`The issuer's answer from ${target.origin} broke off.`),
  };
  return said[failed.failure]();
}

/**
 * openid-client's fetch for a connection: each request's host is resolved, every address it
 * answers must be public (or loopback, when allowed), and the request connects to the address
 * that was checked (pinned-request.ts), never to what the name answers a moment later.
 * openid-client gives a method, headers, a body (a string or URLSearchParams for the token
 * endpoint) and its timeout's signal, and reads the status, headers and body of a `Response`;
 * it follows no redirect (`redirect: 'manual'`), nor does this.
 */
export function guardedFetch(allowLoopback: boolean, resolve?: PinnedRequestRules['resolve']) {
  const rules: PinnedRequestRules = {
    addressAllowed: connectionAddressAllowed(allowLoopback),
    plainHttpAllowed: (address) => plainHttpAllowed(allowLoopback, address),
    maxBytes: ISSUER_ANSWER_MAX_BYTES,
    timeoutMs: ISSUER_REQUEST_TIMEOUT_MS,
    ...(resolve && { resolve }),
  };
  const fetcher: oidc.CustomFetch = async (url, options) => {
    const target = new URL(url);
    // The body as fetch would send it, with the content type fetch would give it (a form's, for URLSearchParams).
    const encoded = options.body === undefined || options.body === null ? undefined : new Response(options.body as BodyInit);
    const headers = new Headers(options.headers);
    const contentType = encoded?.headers.get('content-type');
    if (contentType && !headers.has('content-type')) headers.set('content-type', contentType);
    if (!headers.has('user-agent')) headers.set('user-agent', 'Integrations-Console-SSO/1');
    const sent: PinnedRequest = { method: options.method ?? 'GET', headers: {} };
    headers.forEach((value, name) => {
      sent.headers[name] = value;
    });
    if (encoded) sent.body = Buffer.from(await encoded.arrayBuffer());
    try {
      return asResponse(target, await pinnedRequest(target, sent, { ...rules, ...(options.signal && { signal: options.signal }) }));
    } catch (err) {
      throw err instanceof PinnedRequestFailed ? issuerUnreachable(target, err) : err;
    }
  };
  return fetcher;
}
