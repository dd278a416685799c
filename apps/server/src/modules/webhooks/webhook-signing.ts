/**
 * Signatures in the Standard Webhooks format, which receivers verify with one library in
 * any language: `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, the
 * space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` of each signing secret.
 * During a secret roll's grace both secrets sign, so a receiver holding either verifies.
 */
import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** The key of a `whsec_<base64>` secret: its base64 part, decoded. */
export function signingKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one delivery, signed by every secret given (the current one first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(' '),
  };
}
