/**
 * Reads an identity provider's metadata from the URL an admin gave, as one pinned request
 * (pinned-request.ts): every address the host resolves to must be public (loopback only when
 * SSO_CONNECTIONS_ALLOW_LOOPBACK allows it), and the connection goes to the address that was
 * checked. No redirect is followed, the answer is bounded (MAX_METADATA_BYTES) and the whole
 * read has a timeout.
 */
import { connectionAddressAllowed, plainHttpAllowed } from '../issuer-address.js';
import { PinnedRequestFailed, type PinnedRequestRules, pinnedRequest } from '../pinned-request.js';
import { MAX_METADATA_BYTES } from './saml-metadata.js';

export const METADATA_FETCH_TIMEOUT_MS = 10_000;

/** Why the metadata could not be read, in words an IT admin acts on. */
export class MetadataUnreachable extends Error {}

export interface MetadataFetchRules {
  allowLoopback: boolean;
  timeoutMs?: number;
  /** Every address of a host; the system's resolver by default (tests answer their own). */
  resolve?: PinnedRequestRules['resolve'];
}

/** What a failed read says, per failure. */
function unreachable(target: URL, failed: PinnedRequestFailed, timeoutMs: number): MetadataUnreachable {
  const origin = target.origin;
  if (failed.failure === 'too_large' && failed.status !== 200) return notOk(origin, failed.status);
  const said: Record<PinnedRequestFailed['failure'], string> = {
    unresolved: `The metadata's host ${target.hostname} could not be resolved.`,
    address_refused: `The metadata's host ${target.hostname} names an address the console may not call (private, loopback or link-local).`,
    not_https: `The metadata's URL ${origin} is not https.`,
    timeout: `${origin} did not answer within ${timeoutMs / 1000} s.`,
    too_large: `The metadata at ${origin} is larger than ${MAX_METADATA_BYTES / 1024} KB.`,
    unreachable: `The metadata could not be read from ${origin} (${failed.code}).`,
    broke_off: `The metadata's answer from ${origin} broke off.`,
  };
  return new MetadataUnreachable(said[failed.failure]);
}
const notOk = (origin: string, status: number | undefined) =>
  new MetadataUnreachable(`${origin} answered ${status} for the metadata, not 200.`);

export async function fetchMetadata(url: string, rules: MetadataFetchRules): Promise<string> {
  const target = new URL(url);
  const timeoutMs = rules.timeoutMs ?? METADATA_FETCH_TIMEOUT_MS;
  try {
    const answer = await pinnedRequest(
      target,
      {
        method: 'GET',
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml', 'user-agent': 'Integrations-Console-SAML/1' },
      },
      {
        addressAllowed: connectionAddressAllowed(rules.allowLoopback),
        plainHttpAllowed: (address) => plainHttpAllowed(rules.allowLoopback, address),
        maxBytes: MAX_METADATA_BYTES,
        timeoutMs,
        ...(rules.resolve && { resolve: rules.resolve }),
      },
    );
    if (answer.status !== 200) throw notOk(target.origin, answer.status);
    return answer.body.toString('utf8');
  } catch (err) {
    throw err instanceof PinnedRequestFailed ? unreachable(target, err, timeoutMs) : err;
  }
}
