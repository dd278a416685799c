// What recording events (decision 045) adds to a SCIM user create and to an access key roll,
// on their real path: each request through the app (app.inject) on a scratch PostgreSQL
// database, every statement timed at the driver. The events' part of a request is the time
// of its event's statements (`insert into "events" …`, then the webhooks' deliveries of those
// events, `with made as (insert into webhook_deliveries …)`; no endpoint exists here, so the
// second inserts nothing) plus
// `storable()` (timed alone, on the SCIM create's event). The rest of the recorder (the change
// scopes named on the transaction) is a few property reads. Before and after in the same run:
// every other request is sent without its event (those statements answered at the driver,
// never sent), so both halves see the same machine; the difference of their medians is what
// recording adds.
// Usage: [BENCH_WITHOUT_GIN=1] BENCH_DATABASE_URL=postgres://… npx tsx bench/events-overhead.ts [requests=300]
import { CSRF_HEADER, CSRF_HEADER_VALUE, ID_TOKEN_COOKIE } from '@console/contracts';
import pg from 'pg';
import { migrateDatabase } from '../apps/server/src/db/migrate.js';
import { storable } from '../apps/server/src/modules/events/record.js';
import { createOrganization, createScimToken, createUser } from '../apps/server/src/test/factories.js';
import { scratchPostgres, startApp } from './measure.js';

const requests = Number(process.argv[2] ?? 300);
// BENCH_WARMUP: requests of each kind sent unmeasured first (the check in npm test sends few).
const warmup = Number(process.env.BENCH_WARMUP ?? 50);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: the PostgreSQL server to measure on');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const { database, drop } = await scratchPostgres(url, 'bench_events_overhead');
let close = async () => {};
try {
  await migrateDatabase(database);
  // BENCH_WITHOUT_GIN=1: the events' two GIN indexes (targets, trigrams of names) dropped, to see what their upkeep adds.
  if (process.env.BENCH_WITHOUT_GIN === '1')
    await database.executeSql('DROP INDEX events_targets_idx; DROP INDEX events_target_names_trgm_idx');
  const inProcess = await startApp(database, { SIGN_IN_RATE_LIMIT_MAX: '1000000' });
  const { app, deps } = inProcess;
  close = inProcess.close;

  // Every statement timed at the driver; those that write an event counted apart.
  // A transaction's statements go through its pooled client: the clients' own method is wrapped.
  const driver = pg.Client.prototype as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = driver.query;
  let eventsMs = 0;
  // "Without": the event's statements are answered here and never sent, so the request is what
  // it would be without recording (the recorder's other work, a few property reads, remains).
  let withoutEvents = false;
  driver.query = async function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // The event's statements: its INSERT, then the webhooks' fan-out.
    const isEvent = /^\s*(insert into "events"|with made as \(\s*insert into webhook_deliveries)/i.test(text);
    if (isEvent && withoutEvents) return { command: 'INSERT', rowCount: 1, rows: [], fields: [] };
    const started = performance.now();
    try {
      return await query.apply(this, args);
    } finally {
      if (isEvent) eventsMs += performance.now() - started;
    }
  };

  const org = await createOrganization(database.db, { name: 'Bench' });
  const admin = await createUser(database.db, org.id, { email: 'bench.admin@bench.example' });
  const token = await createScimToken(database.db, org.id);
  const { idToken } = await deps.idTokens.issue({ id: admin.id, email: admin.email, displayName: admin.displayName });
  const session = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { idToken, email: admin.email },
  });
  const cookie = session.cookies.find((c) => c.name === ID_TOKEN_COOKIE)!;
  const console_ = { cookie: `${ID_TOKEN_COOKIE}=${cookie.value}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };

  let n = 0;
  const scimBody = () => {
    const local = `bench.${++n}`;
    return {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      userName: `${local}@bench.example`,
      name: { givenName: 'Bench', familyName: `User ${n}` },
      displayName: `Bench User ${n}`,
      emails: [{ value: `${local}@bench.example`, primary: true, type: 'work' }],
      title: 'Engineer',
      active: true,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R&D', employeeNumber: String(n) },
    };
  };
  const scimCreate = async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/scim/v2/Users',
      headers: { authorization: `Bearer ${token.secret}`, 'content-type': 'application/scim+json' },
      payload: JSON.stringify(scimBody()),
    });
    if (res.statusCode !== 201) throw new Error(`SCIM create: ${res.statusCode} ${res.body}`);
  };
  // A key made for each roll (outside the timing): a roll with "now" ends the previous secret.
  let previousKey: string | undefined;
  const keyRoll = async () => {
    // An organization holds a bounded number of keys: the last one goes first.
    if (previousKey) await app.inject({ method: 'DELETE', url: `/api/integration/${previousKey}`, headers: console_ });
    const made = await app.inject({ method: 'POST', url: '/api/integrations', headers: console_, payload: { name: `Key ${++n}` } });
    if (made.statusCode !== 201) throw new Error(`key: ${made.statusCode} ${made.body}`);
    const id = (made.json() as { integration: { id: string } }).integration.id;
    previousKey = id;
    return async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/integration/${id}/roll`,
        headers: console_,
        payload: { gracePeriod: 'now' },
      });
      if (res.statusCode !== 200) throw new Error(`roll: ${res.statusCode} ${res.body}`);
    };
  };

  const results: Record<string, unknown> = {};
  for (const [name, prepare] of [
    ['SCIM user create', async () => scimCreate],
    ['access key roll', keyRoll],
  ] as [string, () => Promise<() => Promise<void>>][]) {
    const total: number[] = [];
    const without: number[] = [];
    const events: number[] = [];
    // With and without the event taking turns, request by request: both see the same load.
    for (let i = 0; i < 2 * (warmup + requests); i++) {
      const run = await prepare();
      withoutEvents = i % 2 === 1;
      eventsMs = 0;
      const started = performance.now();
      await run();
      const ms = performance.now() - started;
      withoutEvents = false;
      if (i < 2 * warmup) continue;
      if (i % 2 === 1) without.push(ms);
      else {
        total.push(ms);
        events.push(eventsMs);
      }
    }
    const round = (ms: number) => Math.round(ms * 100) / 100;
    results[name] = {
      medianRequestMs: round(median(total)),
      medianRequestWithoutEventMs: round(median(without)),
      addedByEvent: `${((100 * (median(total) - median(without))) / median(without)).toFixed(1)}% of the median, ${(
        (100 * (sum(total) - sum(without))) / sum(without)
      ).toFixed(1)}% of the sum`,
      medianEventInsertMs: round(median(events)),
      eventShareOfAllRequests: `${((100 * sum(events)) / sum(total)).toFixed(1)}%`,
    };
  }

  // storable() on a SCIM create's event: targets and data as the recorder hands them.
  const event = {
    name: 'Bench User 1',
    ua: 'Okta SCIM Client 1.0.0',
    targets: [{ type: 'user', id: '0193e1c4-7d7e-7c3a-9f0e-1234567890ab', name: 'bench.1@bench.example' }],
    data: {},
  };
  const calls = 200_000;
  for (let i = 0; i < 10_000; i++) storable(event);
  const started = performance.now();
  for (let i = 0; i < calls; i++) storable(event);
  results['storable() per SCIM create event'] = `${((1000 * (performance.now() - started)) / calls).toFixed(2)} µs`;

  console.log(JSON.stringify(results, null, 2));
  driver.query = query;
} finally {
  await close();
  await database.close();
  await drop();
}
