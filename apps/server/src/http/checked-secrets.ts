/**
 * Bearer secrets that a client pastes somewhere (access keys, SCIM tokens): a recognisable
 * prefix (secret scanners find a leaked one), random base62, and a base62 CRC32 checksum
 * that rejects a typo before any database look-up. ~190 bits of randomness: a plain SHA-256
 * is enough to store them (nothing to brute-force), and a look-up is one indexed equality.
 */
import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** How many characters of the random part a list shows after the prefix. */
const SHOWN_BODY_CHARS = 4;

export interface CheckedSecretShape {
  prefix: string;
  bodyLength: number;
  checksumLength: number;
}

export interface GeneratedSecret {
  secret: string;
  hash: string;
  /** What a list shows of it: the prefix and the first characters, and the last four. */
  prefix: string;
  last4: string;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting higher bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function checksum(body: string, length: number): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < length; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function generateCheckedSecret(shape: CheckedSecretShape): GeneratedSecret {
  const body = randomBase62(shape.bodyLength);
  const secret = `${shape.prefix}${body}${checksum(body, shape.checksumLength)}`;
  return {
    secret,
    hash: hashCheckedSecret(secret),
    prefix: secret.slice(0, shape.prefix.length + SHOWN_BODY_CHARS),
    last4: secret.slice(-4),
  };
}

/** True when the text has the shape and its checksum matches: worth a look-up. */
export function isWellFormedCheckedSecret(shape: CheckedSecretShape, text: string): boolean {
  if (text.length !== shape.prefix.length + shape.bodyLength + shape.checksumLength) return false;
  if (!text.startsWith(shape.prefix) || !/^[0-9A-Za-z]+$/.test(text.slice(shape.prefix.length))) return false;
  const body = text.slice(shape.prefix.length, shape.prefix.length + shape.bodyLength);
  return checksum(body, shape.checksumLength) === text.slice(-shape.checksumLength);
}

export function hashCheckedSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
