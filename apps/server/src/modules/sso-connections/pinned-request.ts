/**
 * One HTTP(S) request to an address an organization's admin named (an OpenID Connect issuer,
 * a SAML metadata URL), under the webhooks' address rule: the host is resolved once, every
 * address it answers is checked, and the connection goes to the address that was checked,
 * through a `lookup` that answers only it. Resolving the name again to connect (as the global
 * `fetch` does) would open a DNS-rebinding window: a name that answers a public address to the
 * check and 127.0.0.1 or 169.254.169.254 to the connect would reach the internal network. The
 * URL's host stays the request's Host and TLS server name, so the certificate is still
 * verified against the name. No redirect is followed (node's http never does), the answer is
 * bounded and the whole request, its resolution included, has a timeout.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedAddress, pinnedLookup, systemResolve } from '../webhooks/webhook-post.js';

export interface PinnedRequestRules {
  /** Whether the console may connect to a resolved address. */
  addressAllowed: (address: string) => boolean;
  /** Whether plain http may go to the checked address (this machine, in development and tests). */
  plainHttpAllowed: (address: string) => boolean;
  /** The largest answer read; a longer one fails the request. */
  maxBytes: number;
  /** From the resolution to the answer's last byte. */
  timeoutMs: number;
  /** The caller's own end (openid-client's timeout): the request fails with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
  /** Every address of a host; the system's resolver by default (tests answer their own). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface PinnedAnswer {
  status: number;
  /** node's `rawHeaders`: names and values in turn, as they came. */
  rawHeaders: string[];
  body: Buffer;
}

/** Why no answer: each caller words it for the IT admin who set the connection up. */
export type PinnedFailure = 'unresolved' | 'address_refused' | 'not_https' | 'timeout' | 'too_large' | 'unreachable' | 'broke_off';

export class PinnedRequestFailed extends Error {
  constructor(
    readonly failure: PinnedFailure,
    /** The system's error code, when it gave one (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED…). */
    readonly code?: string,
    /** The answer's status, when one began (a too large answer). */
    readonly status?: number,
  ) {
    super(code ? `${failure} (${code})` : failure);
  }
}

export function pinnedRequest(target: URL, sent: PinnedRequest, rules: PinnedRequestRules): Promise<PinnedAnswer> {
  return new Promise<PinnedAnswer>((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      rules.signal?.removeEventListener('abort', onAbort);
      request?.destroy();
      outcome();
    };
    const fail = (failure: PinnedFailure, code?: string, status?: number) =>
      settle(() => reject(new PinnedRequestFailed(failure, code, status)));
    const onAbort = () => settle(() => reject(rules.signal?.reason));
    // From the start: a name whose resolution hangs, and an answer that drips in, end here too.
    const timer = setTimeout(() => fail('timeout'), rules.timeoutMs);
    if (rules.signal?.aborted) return onAbort();
    rules.signal?.addEventListener('abort', onAbort, { once: true });

    const send = (checked: { address: string; family: number }) => {
      const host = target.hostname.replace(/^\[|\]$/g, '');
      request = (target.protocol === 'https:' ? https : http).request(target, {
        method: sent.method,
        headers: { ...sent.headers, ...(sent.body && { 'content-length': sent.body.length }) },
        // A fresh connection per request, to the checked address only; the certificate is
        // checked against the URL's name (an address is no server name: node warns of one).
        agent: false,
        lookup: pinnedLookup(checked.address, checked.family),
        ...(isIP(host) === 0 && { servername: host }),
      });
      request.on('error', (err: NodeJS.ErrnoException) => fail('unreachable', err.code ?? err.message));
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > rules.maxBytes) return fail('too_large', undefined, status);
          chunks.push(chunk);
        });
        response.on('end', () => settle(() => resolve({ status, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) })));
        response.on('error', () => fail('broke_off'));
        // Closed before its end (the server hung up mid-answer): 'end' never comes.
        response.on('close', () => {
          if (!response.complete) fail('broke_off');
        });
      });
      request.end(sent.body);
    };

    if (target.protocol !== 'https:' && target.protocol !== 'http:') return fail('not_https');
    checkedAddress(target.hostname, rules.addressAllowed, rules.resolve ?? systemResolve).then(
      (checked) => {
        if (settled) return;
        if ('refused' in checked) return checked.address === undefined ? fail('unresolved') : fail('address_refused');
        if (target.protocol === 'http:' && !rules.plainHttpAllowed(checked.address)) return fail('not_https');
        send(checked);
      },
      (err) => settle(() => reject(err)),
    );
  });
}
