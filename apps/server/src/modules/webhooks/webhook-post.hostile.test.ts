/**
 * Receivers and name servers that fight back: an answer that never ends, one that drips in,
 * a flood of headers, a redirect, bytes that are not UTF-8 or hold NUL, a name that resolves
 * to an internal address beside a public one, or differently between the check and the
 * connection, or never. Each attempt ends within its timeout, reads a bounded answer,
 * connects only to the address it checked, and is recorded in the delivery log (PGlite, or
 * PostgreSQL with TEST_DB).
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { WEBHOOK_ADDRESS_NOT_ALLOWED } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import * as t from '../../db/schema.js';
import { systemClock } from '../../deps.js';
import { createOrganization } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { isPublicAddress, webhookUrlProblem } from './address-policy.js';
import { createWebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { createWebhookDeliverer } from './webhook-delivery.js';
import { atMostAtOnce, postWebhook, RESPONSE_BODY_BYTES } from './webhook-post.js';

const anyAddress = { addressAllowed: () => true, allowHttp: true };
/** The only address the receivers of this file listen on. */
const onlyLoopback = (address: string) => address === '127.0.0.1';

describe('a delivery to a hostile receiver', () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** An HTTP server on 127.0.0.1 answering as `handle` does; its URL. */
  async function server(handle: http.RequestListener): Promise<{ url: string; port: number; calls: number[] }> {
    const calls: number[] = [];
    const s = http.createServer((req, res) => {
      calls.push(1);
      handle(req, res);
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    closers.push(() => s.close());
    closers.push(() => s.closeAllConnections());
    const { port } = s.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/hook`, port, calls };
  }

  it('reads the first 4 KB of an answer that never ends, then hangs up', async () => {
    let hungUp = false;
    const { url } = await server((_req, res) => {
      res.writeHead(200);
      res.on('close', () => {
        hungUp = true;
      });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pour = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pour);
      };
      pour();
    });
    const outcome = await postWebhook(url, '{}', {}, anyAddress);
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(outcome.responseBody).toBe('x'.repeat(RESPONSE_BODY_BYTES));
    await expect.poll(() => hungUp).toBe(true);
  });

  it('gives up on an answer that drips in: the timeout covers the body, not only the headers', async () => {
    const { url } = await server((_req, res) => {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(drip));
      closers.push(() => clearInterval(drip));
    });
    const outcome = await postWebhook(url, '{}', {}, { ...anyAddress, timeoutMs: 300 });
    expect(outcome).toMatchObject({ statusCode: null, responseBody: '', error: 'no answer within 0.3 s' });
  });

  it('refuses a flood of headers', async () => {
    const s = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\n');
        for (let i = 0; i < 5000; i++) socket.write(`x-flood-${i}: ${'y'.repeat(40)}\r\n`);
        socket.end('\r\n');
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    closers.push(() => s.close());
    const outcome = await postWebhook(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`, '{}', {}, anyAddress);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toBe('HPE_HEADER_OVERFLOW');
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await server((_req, res) => res.writeHead(200).end('followed'));
    const { url } = await server((_req, res) => res.writeHead(307, { location: elsewhere.url }).end());
    const outcome = await postWebhook(url, '{}', {}, anyAddress);
    expect(outcome.statusCode).toBe(307);
    expect(elsewhere.calls).toHaveLength(0);
  });

  it('keeps an answer that is not UTF-8 or holds NUL as text the log can store', async () => {
    const { url } = await server((_req, res) => res.writeHead(200).end(Buffer.from([0x61, 0x00, 0xff, 0xfe, 0x62])));
    const outcome = await postWebhook(url, '{}', {}, anyAddress);
    expect(outcome.responseBody).toBe('a\uFFFD\uFFFD\uFFFDb');
  });

  it('refuses a name that resolves to an internal address beside a public one, before connecting', async () => {
    const { url, port, calls } = await server((_req, res) => res.writeHead(200).end());
    // Saved while it named nothing internal: a name is judged at delivery.
    expect(webhookUrlProblem(`https://hooks.moving.example:${port}/hook`, false)).toBeNull();
    for (const addresses of [
      ['8.8.8.8', '127.0.0.1'],
      ['127.0.0.1', '8.8.8.8'],
      ['2606:4700:4700::1111', '::ffff:7f00:1'],
      ['64:ff9b::7f00:1'],
    ]) {
      const outcome = await postWebhook(
        url.replace('127.0.0.1', 'hooks.moving.example'),
        '{}',
        {},
        {
          addressAllowed: isPublicAddress,
          allowHttp: true,
          resolve: async () => addresses.map((address) => ({ address, family: net.isIP(address) })),
        },
      );
      expect(outcome, addresses.join(' ')).toMatchObject({ statusCode: null, error: expect.stringMatching(/^address not allowed/) });
    }
    expect(calls).toHaveLength(0);
  });

  it('connects to the address it checked, whatever the name resolves to afterwards', async () => {
    const { url, calls } = await server((_req, res) => res.writeHead(200).end('the checked one'));
    const answers = [['127.0.0.1'], ['10.9.8.7']];
    const asked: string[] = [];
    const outcome = await postWebhook(
      url.replace('127.0.0.1', 'hooks.pinned.example'),
      '{}',
      {},
      {
        addressAllowed: onlyLoopback,
        allowHttp: true,
        resolve: async (host) => {
          asked.push(host);
          return (answers.shift() ?? ['10.9.8.7']).map((address) => ({ address, family: 4 }));
        },
      },
    );
    expect(outcome).toMatchObject({ statusCode: 200, responseBody: 'the checked one' });
    expect(calls).toHaveLength(1);
    // One resolution, the one checked: the connection asked no one else.
    expect(asked).toEqual(['hooks.pinned.example']);
  });

  it('gives up on a name that never resolves within the timeout', async () => {
    const outcome = await postWebhook(
      'https://hooks.silent.example/',
      '{}',
      {},
      {
        ...anyAddress,
        timeoutMs: 200,
        resolve: () => new Promise(() => undefined),
      },
    );
    expect(outcome).toMatchObject({ statusCode: null, error: 'no answer within 0.2 s' });
  });
});

describe('the delivery log of a hostile answer', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('records an answer holding NUL and invalid UTF-8: the delivery is marked, not sent again forever', async () => {
    const s = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200).end(Buffer.from('ok\u0000\xff', 'latin1')));
    });
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const org = await createOrganization(database.db);
      const [endpoint] = await database.db
        .insert(t.webhookEndpoints)
        .values({
          organizationId: org.id,
          url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`,
          secret: `whsec_${'A'.repeat(43)}=`,
        })
        .returning();
      const repo = createWebhookDeliveriesRepository(database.db);
      const test = await repo.createTest(endpoint!.id, crypto.randomUUID(), { id: 'x', action: 'webhook.test', targets: [] });
      const deliverer = createWebhookDeliverer({ repo, clock: systemClock, ...anyAddress });
      const leased = (await repo.lease(10, 5, 60, new Date())).filter((d) => d.id === test.id);
      expect(leased).toHaveLength(1);
      await deliverer.deliver(leased[0]!);

      const delivery = await repo.get(endpoint!.id, test.id);
      expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1 });
      expect(delivery?.attempts).toEqual([expect.objectContaining({ statusCode: 200, responseBody: 'ok\uFFFD\uFFFD', error: null })]);
      const [lease] = await database.db
        .select({ leasedUntil: t.webhookDeliveries.leasedUntil })
        .from(t.webhookDeliveries)
        .where(sql`${t.webhookDeliveries.id} = ${test.id}`);
      expect(lease?.leasedUntil).toBeNull();
    } finally {
      s.close();
    }
  });
});

describe('resolutions at once', () => {
  it('runs at most the bound at once, the others in turn as each ends, failed or not', async () => {
    const started: string[] = [];
    const ends = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
    const limited = atMostAtOnce(
      2,
      (name: string) =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          ends.set(name, { resolve: () => resolve(name), reject });
        }),
    );
    const results = ['a', 'b', 'c', 'd'].map((name) => limited(name).catch((err: Error) => err.message));
    await expect.poll(() => started).toEqual(['a', 'b']);
    ends.get('a')?.reject(new Error('a failed'));
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    ends.get('c')?.resolve();
    await expect.poll(() => started).toEqual(['a', 'b', 'c', 'd']);
    ends.get('b')?.resolve();
    ends.get('d')?.resolve();
    expect(await Promise.all(results)).toEqual(['a failed', 'b', 'c', 'd']);
    // The slots are free again.
    const again = limited('e');
    await expect.poll(() => started.at(-1)).toBe('e');
    ends.get('e')?.resolve();
    expect(await again).toBe('e');
  });
});

describe('a URL naming an address', () => {
  it('is checked as it is written, without asking a resolver', async () => {
    const asked: string[] = [];
    const outcome = await postWebhook(
      'https://[::ffff:7f00:1]:1/',
      '{}',
      {},
      {
        addressAllowed: isPublicAddress,
        allowHttp: false,
        resolve: async (host) => {
          asked.push(host);
          return [{ address: '8.8.8.8', family: 4 }];
        },
      },
    );
    expect(outcome).toMatchObject({ error: WEBHOOK_ADDRESS_NOT_ALLOWED, refusedAddress: '::ffff:7f00:1' });
    expect(asked).toEqual([]);
  });
});
