/**
 * Outgoing e-mail: SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file to DATA_DIR/outbox, so an installation without a mail server still shows what
 * it would have sent (open the file in a mail client). With files in a shared S3 bucket
 * (BLOB_STORE_URL) the outbox is there too, under `outbox/`: the messages of every worker
 * in one place, none lost with a machine (docs/decisions/031-object-storage.md).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { BlobStore } from '../storage/blob-store.js';
import { privateDirectory } from '../storage/owner-only.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the server accepted the message (or the file is written); rejects otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function defaultFrom(config: Config): string {
  return config.MAIL_FROM ?? `${config.PRODUCT_NAME} <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

/** The outbox's folder key (in DATA_DIR, or in the shared blob store). */
export const OUTBOX = 'outbox';

export function createMailer(config: Config, blobs?: BlobStore): Mailer {
  const from = defaultFrom(config);
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL, { from });
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, OUTBOX);
  const shared = blobs?.kind === 's3' ? blobs : undefined;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Sortable by time, unique across processes.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      if (shared) {
        await shared.put(`${OUTBOX}/${name}`, info.message as Buffer);
        return { messageId: info.messageId };
      }
      privateDirectory(dir);
      await fs.promises.writeFile(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
