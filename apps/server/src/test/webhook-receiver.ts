/**
 * A real HTTP receiver of webhooks on 127.0.0.1 for tests: it verifies every delivery with
 * the official Standard Webhooks library, as a customer's system would, and answers what the
 * test scripts (a status per call, or a hold until the test releases it).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The secrets (of those the receiver knows) whose verification passed. */
  verifiedWith: string[];
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What the next calls answer: a status, or a promise the answer waits for. */
  answer: (call: Received, index: number) => number | Promise<number>;
  close(): Promise<void>;
}

export async function startReceiver(secrets: string[], path = '/hook'): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: '',
    received,
    answer: () => 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      const verifiedWith = secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const call: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verifiedWith,
      };
      const index = received.push(call) - 1;
      let status = 500;
      try {
        status = await receiver.answer(call, index);
      } catch {
        // A hold that was given up: the caller is gone.
      }
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
