/**
 * A real SMTP server on a free loopback port for tests, keeping every message it accepts:
 *   const smtp = await startSmtpPeer();
 *   const t = await createTestApp({ config: { SMTP_URL: smtp.url } });
 *   ... smtp.messages[0].subject / .text / .to
 * `rejectRecipients` makes it refuse those addresses (a delivery failure); `rejected` is that
 * set, which a test may change as it goes.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  html: string;
  raw: string;
}

export async function startSmtpPeer(opts: { rejectRecipients?: string[] } = {}) {
  const messages: ReceivedMail[] = [];
  const rejected = new Set((opts.rejectRecipients ?? []).map((e) => e.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 200,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase()))
        return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for the messages nodemailer writes: headers, one level of parts, QP/base64. */
export function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const [head, body] = splitHead(raw);
  const subject = decodeWords(header(head, 'subject'));
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(header(head, 'content-type'))?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const chunk of chunks) {
    const [h, b] = splitHead(chunk.replace(/^\r?\n/, ''));
    parts.push({ type: header(h, 'content-type'), content: decodeBody(b, header(h, 'content-transfer-encoding')) });
  }
  const find = (t: string) => parts.find((p) => p.type.startsWith(t))?.content ?? '';
  return { subject, text: find('text/plain'), html: find('text/html') };
}

function splitHead(s: string): [string, string] {
  const i = s.search(/\r?\n\r?\n/);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i).replace(/^\r?\n\r?\n/, '')];
}

function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

function decodeBody(body: string, encoding: string): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQp(body.replace(/=\r?\n/g, ''));
  return body;
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
}
