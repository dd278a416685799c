import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { createS3BlobStore } from '../storage/s3-blob-store.js';
import { startS3Peer } from '../test/s3-peer.js';
import { parseMessage, startSmtpPeer } from '../test/smtp-peer.js';
import { createMailer } from './mailer.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
  dirs.push(d);
  return d;
}

describe('the mailer', () => {
  it('writes .eml files to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const dir = tempDir();
    const mailer = createMailer(testConfig({ DATA_DIR: dir, PRODUCT_NAME: 'Acme Learn', PUBLIC_URL: 'https://console.example.com' }));
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'ana@example.com', subject: 'Olá, ação necessária', text: 'Línea uno\nhttps://x.example/?token=a=b' });
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(dir, 'outbox', files[0]), 'utf8');
    expect(raw).toMatch(/^From: Acme Learn <no-reply@console\.example\.com>$/m);
    expect(raw).toMatch(/^To: ana@example\.com$/m);
    const parsed = parseMessage(raw);
    expect(parsed.subject).toBe('Olá, ação necessária');
    expect(parsed.text).toContain('https://x.example/?token=a=b');
  });

  it('delivers through SMTP when SMTP_URL is set, and rejects when the server refuses', async () => {
    const smtp = await startSmtpPeer({ rejectRecipients: ['nobody@example.com'] });
    const dir = tempDir();
    const mailer = createMailer(testConfig({ DATA_DIR: dir, SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.com>' }));
    try {
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Body text', html: '<p>Body text</p>' });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatchObject({ from: 'console@example.com', to: ['ana@example.com'], subject: 'Hello' });
      expect(smtp.messages[0].text.trim()).toBe('Body text');
      await expect(mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
      expect(fs.existsSync(path.join(dir, 'outbox'))).toBe(false);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('writes the outbox into the shared S3 bucket when files live there, for every process to see', async () => {
    const s3 = await startS3Peer();
    const store = createS3BlobStore({ ...s3.storeOptions, prefix: 'install' });
    const keys: string[] = [];
    const dir = tempDir();
    const recording = {
      ...store,
      put: (key: string, data: Parameters<typeof store.put>[1]) => {
        keys.push(key);
        return store.put(key, data);
      },
    };
    const mailer = createMailer(testConfig({ DATA_DIR: dir }), recording);
    try {
      expect(mailer.kind).toBe('outbox');
      await mailer.send({ to: 'ana@example.com', subject: 'Hola', text: 'Cuerpo' });
      expect(keys).toEqual([expect.stringMatching(/^outbox\/[\w-]+\.eml$/)]);
      // Another process's store of the same bucket and prefix reads it.
      const other = createS3BlobStore({ ...s3.storeOptions, prefix: 'install' });
      const raw = Buffer.concat(await other.read(keys[0]).toArray()).toString('utf8');
      other.close();
      expect(raw).toMatch(/^To: ana@example\.com$/m);
      expect(parseMessage(raw)).toMatchObject({ subject: 'Hola', text: expect.stringContaining('Cuerpo') });
      expect(fs.existsSync(path.join(dir, 'outbox'))).toBe(false);
    } finally {
      mailer.close();
      store.close();
      await s3.close();
    }
  });
});
