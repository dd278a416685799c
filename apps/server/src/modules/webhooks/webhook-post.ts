/**
 * One delivery's HTTP request. The host is resolved here, at delivery time, and every
 * address it resolves to is checked (a name that resolves to an internal address is refused
 * whatever else it resolves to); the request then connects to the address that was checked,
 * through a `lookup` that answers only it, so a DNS change between the check and the connect
 * cannot turn a webhook into a request to the internal network. Redirects are not followed
 * (node's http never does). At most the first 4 KB of the answer are read: the rest is never
 * waited for nor held. The timeout covers the whole attempt, the resolution and an answer
 * that drips in included.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_ADDRESS_NOT_ALLOWED } from '@console/contracts';

/** The answer kept in the delivery log: its first 4 KB. */
export const RESPONSE_BODY_BYTES = 4096;
/** A receiver that has not answered in this time has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 15_000;

export interface PostOutcome {
  /** Null when no answer came (refused address, connection error, timeout). */
  statusCode: number | null;
  durationMs: number;
  responseBody: string;
  /** Why no answer, in a few words (never the request's headers: they carry the signature). */
  error: string | null;
  /**
   * The address a refused host resolved to: for the operators' log only, never kept in the
   * delivery log nor answered (WEBHOOK_ADDRESS_NOT_ALLOWED says why without it).
   */
  refusedAddress?: string;
}

export interface PostRules {
  /** True when the resolved address may be reached (the endpoints' address policy). */
  addressAllowed: (address: string) => boolean;
  /** `http://` URLs too (development and tests); otherwise only `https://`. */
  allowHttp: boolean;
  timeoutMs?: number;
  /** Aborts the request when the process stops: the delivery is tried again later. */
  signal?: AbortSignal;
  /** Every address of a host (tests answer their own); `dns.lookup` by default, as the system resolves. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/**
 * Resolutions of receivers' names running at once in this process. `dns.lookup` holds one of
 * libuv's four threads until the system resolver answers, which a receiver's own name server
 * can delay for tens of seconds, beyond our timeout (a lookup cannot be cancelled); the same
 * threads hash passwords and read files, so without a bound a few slow names would stall
 * sign-ins. The others wait their turn, within their own timeout.
 */
export const LOOKUPS_AT_ONCE = 2;

/** `run`, at most `max` at once: the others start, in order, as one ends (however it ends). */
export function atMostAtOnce<A extends unknown[], R>(max: number, run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await run(...args);
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export const systemResolve = atMostAtOnce(LOOKUPS_AT_ONCE, (host: string) => dns.lookup(host, { all: true, verbatim: true }));

/**
 * A receiver's words as the delivery log can keep them: PostgreSQL's text holds no NUL
 * character, and one in an answer would make the attempt's record fail, so the delivery
 * would never be marked and would go again at every lease, forever. Invalid UTF-8 is already U+FFFD when decoded.
 */
export const storableText = (value: string) => value.replaceAll('\u0000', '\uFFFD');

/** Thrown when the process stopped mid-request: nothing is recorded, the lease runs out. */
export class PostAborted extends Error {}

/** Resolves `host` and returns the address to connect to, or why none may be. */
export async function checkedAddress(
  host: string,
  addressAllowed: (address: string) => boolean,
  resolve: NonNullable<PostRules['resolve']>,
): Promise<{ address: string; family: number } | { refused: string; address?: string }> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let resolved: { address: string; family: number }[];
  try {
    // An address is its own resolution: no lookup, no wait behind the names' bound.
    const family = isIP(bare);
    resolved = family === 0 ? await resolve(bare) : [{ address: bare, family }];
  } catch (err) {
    return { refused: `host not resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const refused = resolved.find((r) => !addressAllowed(r.address));
  if (refused) return { refused: WEBHOOK_ADDRESS_NOT_ALLOWED, address: refused.address };
  const first = resolved[0];
  return first ? first : { refused: 'host not resolved' };
}

/** A `lookup` that answers only the checked address, whatever the name resolves to now. */
export function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export async function postWebhook(url: string, body: string, headers: Record<string, string>, rules: PostRules): Promise<PostOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<PostOutcome, 'durationMs'>): PostOutcome => ({
    ...outcome,
    responseBody: storableText(outcome.responseBody),
    error: outcome.error === null ? null : storableText(outcome.error),
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ statusCode: null, responseBody: '', error: 'invalid URL' });
  }
  const secure = target.protocol === 'https:';
  if (!secure && !(rules.allowHttp && target.protocol === 'http:'))
    return done({ statusCode: null, responseBody: '', error: 'only https URLs are delivered' });

  const timeoutMs = rules.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<PostOutcome>((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      rules.signal?.removeEventListener('abort', onAbort);
      resolve(done(outcome));
    };
    // From the start: a name whose resolution hangs, and an answer that drips in, end here too.
    const timer = setTimeout(() => {
      request?.destroy();
      finish({ statusCode: null, responseBody: '', error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    const onAbort = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request?.destroy();
      reject(new PostAborted('stopped'));
    };
    if (rules.signal?.aborted) return onAbort();
    rules.signal?.addEventListener('abort', onAbort, { once: true });

    const send = (checked: { address: string; family: number }) => {
      const sent = (secure ? https : http).request(target, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Integrations-Console-Webhooks/1',
        },
        // A fresh connection per delivery, to the checked address only.
        agent: false,
        lookup: pinnedLookup(checked.address, checked.family),
      });
      request = sent;
      sent.on('error', (err: NodeJS.ErrnoException) => finish({ statusCode: null, responseBody: '', error: err.code ?? err.message }));
      sent.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const keep = () => {
          response.destroy();
          finish({ statusCode: response.statusCode ?? null, responseBody: Buffer.concat(chunks).toString('utf8'), error: null });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept >= RESPONSE_BODY_BYTES) return;
          const part = chunk.subarray(0, RESPONSE_BODY_BYTES - kept);
          chunks.push(part);
          kept += part.length;
          // The rest of a long answer is not waited for.
          if (kept >= RESPONSE_BODY_BYTES) keep();
        });
        response.on('end', keep);
        response.on('error', keep);
      });
      sent.end(body);
    };

    checkedAddress(target.hostname, rules.addressAllowed, rules.resolve ?? systemResolve).then((checked) => {
      if (settled) return;
      if ('refused' in checked)
        finish({
          statusCode: null,
          responseBody: '',
          error: checked.refused,
          ...(checked.address !== undefined && { refusedAddress: checked.address }),
        });
      else send(checked);
    }, reject);
  });
}
