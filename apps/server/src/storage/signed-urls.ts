/**
 * Short-lived signed download paths: `<path>?expires=<unix seconds>&signature=<base64url>`
 * where the signature is HMAC-SHA256 over the path and the expiry with a server secret.
 * The secret is DOWNLOAD_URL_SECRET, or a random one made on first start and kept in
 * DATA_DIR/keys (like the idToken keys; replicas must share it through the variable).
 *
 * Only paths are signed (never a host): a signed link always points at this server.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { OWNER_ONLY_FILE, privateDirectory } from './owner-only.js';

const SECRET_FILE = 'download-url-secret';

export type SignatureCheck = 'valid' | 'invalid' | 'expired';

export interface UrlSigner {
  /** The path with `expires` and `signature` query parameters. */
  sign(pathname: string, expiresAt: Date): string;
  /** Checks a signature of the path; `expired` only for a genuine signature whose time has passed. */
  verify(pathname: string, expires: number, signature: string, now: Date): SignatureCheck;
}

export function createUrlSigner(secret: Buffer | string): UrlSigner {
  const mac = (pathname: string, expires: number) => createHmac('sha256', secret).update(`${pathname}\n${expires}`).digest();
  return {
    sign(pathname, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${pathname}?expires=${expires}&signature=${mac(pathname, expires).toString('base64url')}`;
    },
    verify(pathname, expires, signature, now) {
      const expected = mac(pathname, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}

/** The configured secret, or the one of the data directory (made once, never overwritten). */
export function downloadUrlSecret(config: Pick<Config, 'DOWNLOAD_URL_SECRET' | 'dataDir'>): Buffer {
  if (config.DOWNLOAD_URL_SECRET) return Buffer.from(config.DOWNLOAD_URL_SECRET, 'utf8');
  const dir = path.join(config.dataDir, 'keys');
  const file = path.join(dir, SECRET_FILE);
  if (!fs.existsSync(file)) {
    privateDirectory(dir);
    try {
      // wx: a secret another start wrote meanwhile wins; links it signed must keep working.
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: OWNER_ONLY_FILE, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}
