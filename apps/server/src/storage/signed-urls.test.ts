import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner, downloadUrlSecret } from './signed-urls.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-signed-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('signed download paths', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const expiresAt = new Date(now.getTime() + 60_000);

  it('verify what they signed until it expires, and nothing else', () => {
    const signer = createUrlSigner('s'.repeat(32));
    const signed = signer.sign('/api/files/1/a.csv', expiresAt);
    const url = new URL(signed, 'http://x.invalid');
    expect(url.pathname).toBe('/api/files/1/a.csv');
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature')!;
    expect(signer.verify('/api/files/1/a.csv', expires, signature, now)).toBe('valid');
    expect(signer.verify('/api/files/2/a.csv', expires, signature, now)).toBe('invalid');
    expect(signer.verify('/api/files/1/a.csv', expires + 1, signature, now)).toBe('invalid');
    expect(signer.verify('/api/files/1/a.csv', expires, `${signature}A`, now)).toBe('invalid');
    expect(signer.verify('/api/files/1/a.csv', expires, '', now)).toBe('invalid');
    expect(signer.verify('/api/files/1/a.csv', expires, signature, expiresAt)).toBe('expired');
    // Another secret (another installation) does not accept it.
    expect(createUrlSigner('t'.repeat(32)).verify('/api/files/1/a.csv', expires, signature, now)).toBe('invalid');
  });

  it('keep one secret in the data directory unless one is configured', () => {
    const first = downloadUrlSecret({ dataDir, DOWNLOAD_URL_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(downloadUrlSecret({ dataDir, DOWNLOAD_URL_SECRET: undefined })).toEqual(first);
    expect(fs.statSync(path.join(dataDir, 'keys', 'download-url-secret')).mode & 0o777).toBe(0o600);
    const configured = 'c'.repeat(40);
    expect(downloadUrlSecret({ dataDir, DOWNLOAD_URL_SECRET: configured }).toString()).toBe(configured);
  });
});
