/**
 * The address rule of an issuer an organization's admin names: the console fetches it
 * (discovery, keys, tokens, userinfo), so it is held to the webhooks' rule: https, and only
 * public addresses, checked when the connection is saved (an address in the URL) and on
 * every address the name resolves to before each request. `allowLoopback`
 * (SSO_CONNECTIONS_ALLOW_LOOPBACK, development and tests) admits http:// to this machine only.
 */
import dns from 'node:dns/promises';
import { isIP } from 'node:net';
import type * as oidc from 'openid-client';
import { LOOPBACK } from '../auth/sso.service.js';
import { isPublicAddress } from '../webhooks/address-policy.js';

export type IssuerProblem = 'not_https' | 'private_address' | 'credentials';

const isLoopbackAddress = (address: string) => address === '127.0.0.1' || address === '::1';

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

/**
 * openid-client's fetch for a connection: each request's host is resolved and every
 * address it answers must be public (or loopback, when allowed), before the request is made.
 */
export function guardedFetch(allowLoopback: boolean, resolve = (host: string) => dns.lookup(host, { all: true, verbatim: true })) {
  const allowed = (address: string) => isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
  const fetcher: oidc.CustomFetch = async (url, options) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) !== 0 ? [{ address: host }] : await resolve(host);
    if (addresses.length === 0 || addresses.some((a) => !allowed(a.address))) {
      throw new IssuerAddressRefused(`The issuer's host ${target.host} names an address the console may not call.`);
    }
    if (target.protocol !== 'https:' && !(allowLoopback && addresses.every((a) => isLoopbackAddress(a.address)))) {
      throw new IssuerAddressRefused(`The issuer's URL ${target.origin} is not https.`);
    }
    return fetch(url, { ...options, redirect: 'manual' } as RequestInit);
  };
  return fetcher;
}
