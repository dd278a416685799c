/**
 * The embedded database's queue (queue.ts, decision 035): statements run one at a time in
 * order of their requests, a full line refuses new requests at once with 503 and
 * Retry-After, a request already in line is never refused, and work outside requests
 * (jobs) is never refused. No timing: the database is held by a statement the test ends.
 */
import { describe, expect, it } from 'vitest';
import { asRequest, ClientGone, createDatabaseQueue, DatabaseBusy } from './queue.js';

/** A statement that runs until the test lets it end. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { task: () => done, end };
}

describe('the embedded database queue', () => {
  it('runs statements in order of their requests: a request in progress goes before later ones', async () => {
    const queue = createDatabaseQueue({ maxQueued: 10, maxWaitMs: 60_000 });
    const order: string[] = [];
    const statement = (name: string) => queue.run(async () => void order.push(name));
    const busy = held();
    const running = queue.run(busy.task);

    // Three requests arrive in order A, B, C; A needs a second statement after its first.
    const a = asRequest(async () => {
      await statement('A1');
      await statement('A2');
    });
    const b = asRequest(() => statement('B1'));
    const c = asRequest(() => statement('C1'));
    // A job's statement arrives last: it waits behind the three requests.
    const job = statement('job');
    busy.end();
    await Promise.all([running, a, b, c, job]);

    expect(order).toEqual(['A1', 'A2', 'B1', 'C1', 'job']);
  });

  it('runs one statement per event-loop turn even when each answers within microtasks, as PGlite does', async () => {
    const queue = createDatabaseQueue({ maxQueued: 10, maxWaitMs: 60_000 });
    const order: string[] = [];
    // Five requests read in one turn of the event loop: each from its own callback (as sockets
    // are in a poll phase, microtasks run in between), each of two statements that answer at once.
    const requests = ['A', 'B', 'C', 'D', 'E'].map(
      (name) =>
        new Promise<void>((resolve, reject) =>
          setImmediate(() =>
            asRequest(async () => {
              await queue.run(async () => void order.push(`${name}1`));
              await queue.run(async () => void order.push(`${name}2`));
            }).then(resolve, reject),
          ),
        ),
    );
    // Marks each turn of the event loop while they run.
    let turns = 0;
    const marking = (async () => {
      while (order.filter((o) => !o.startsWith('turn')).length < 10) {
        await new Promise((resolve) => setImmediate(resolve));
        order.push(`turn${++turns}`);
      }
    })();
    await Promise.all([...requests, marking]);

    const statementsBetweenTurns = order
      .join(' ')
      .split(/turn\d+/)
      .map((part) => part.trim().split(' ').filter(Boolean).length);
    // Node reads sockets and accepts connections between two turns: no turn runs a line of them.
    expect(Math.max(...statementsBetweenTurns)).toBeLessThanOrEqual(2);
    expect(order.filter((o) => !o.startsWith('turn'))).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D1', 'D2', 'E1', 'E2']);
  });

  it('interleaves work outside requests with requests, statement by statement', async () => {
    const queue = createDatabaseQueue({ maxQueued: 10, maxWaitMs: 60_000 });
    const order: string[] = [];
    const statement = (name: string) => queue.run(async () => void order.push(name));
    const busy = held();
    const running = queue.run(busy.task);
    // A long job: each of its batches queues again, at the back, once the one before is done.
    const job = (async () => {
      for (let i = 1; i <= 3; i++) await statement(`batch${i}`);
    })();
    // A request that asks while the job's first batch waits.
    const request = asRequest(() => statement('list'));
    busy.end();
    await Promise.all([running, job, request]);

    expect(order).toEqual(['batch1', 'list', 'batch2', 'batch3']);
  });

  it('refuses a new request at once with 503 and Retry-After when the line is full', async () => {
    const queue = createDatabaseQueue({ maxQueued: 2, maxWaitMs: 60_000 });
    const busy = held();
    const running = queue.run(busy.task);
    const first = asRequest(() => queue.run(async () => 'first'));
    const second = asRequest(() => queue.run(async () => 'second'));

    const third = asRequest(() => queue.run(async () => 'third'));
    await expect(third).rejects.toBeInstanceOf(DatabaseBusy);
    const refusal = (await third.catch((err) => err)) as DatabaseBusy;
    expect(refusal.statusCode).toBe(503);
    expect(refusal.code).toBe('SERVICE_BUSY');
    expect(Number(refusal.headers?.['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(queue.stats().waitingRequests).toBe(2);

    // Work outside a request is never refused: a job must not fail for a busy moment.
    const job = queue.run(async () => 'job');
    busy.end();
    await expect(Promise.all([running, first, second, job])).resolves.toEqual([undefined, 'first', 'second', 'job']);
    // Once the line is short again, requests are taken.
    await expect(asRequest(() => queue.run(async () => 'later'))).resolves.toBe('later');
  });

  it('never refuses a request half way: its next statement joins a full line', async () => {
    const queue = createDatabaseQueue({ maxQueued: 1, maxWaitMs: 60_000 });
    const order: string[] = [];
    const busy = held();
    const running = queue.run(busy.task);
    let other: Promise<void> | undefined;
    const started = asRequest(async () => {
      await queue.run(async () => {
        order.push('first');
        // Another request takes the one place in line while this one runs.
        other = asRequest(() => queue.run(async () => void order.push('other')));
      });
      // The line is full, but this request is already in: it is not refused.
      await queue.run(async () => void order.push('second'));
    });
    busy.end();
    await Promise.all([running, started]);
    await other;

    expect(order).toEqual(['first', 'second', 'other']);
  });

  it('refuses new requests while the first in line has waited the whole budget', async () => {
    let clock = 0;
    const queue = createDatabaseQueue({ maxQueued: 100, maxWaitMs: 1_000, now: () => clock });
    const busy = held();
    const running = queue.run(busy.task);
    const waiting = asRequest(() => queue.run(async () => 'waiting'));
    clock = 2_500;

    const late = asRequest(() => queue.run(async () => 'late'));
    const refusal = (await late.catch((err) => err)) as DatabaseBusy;
    expect(refusal).toBeInstanceOf(DatabaseBusy);
    // Come back in about the time the first in line has waited.
    expect(refusal.headers?.['retry-after']).toBe('3');
    busy.end();
    // By its turn the first in line has waited past the budget too: refused, nothing of it ran.
    await expect(waiting).rejects.toBeInstanceOf(DatabaseBusy);
    await running;
  });

  it('drops the waiting statements of a request whose client has gone', async () => {
    const queue = createDatabaseQueue({ maxQueued: 10, maxWaitMs: 60_000 });
    const ran: string[] = [];
    const busy = held();
    const running = queue.run(busy.task);
    let closed = false;
    const abandoned = asRequest(
      () => queue.run(async () => void ran.push('abandoned')),
      () => closed,
    );
    const kept = asRequest(() => queue.run(async () => void ran.push('kept')));
    closed = true;
    busy.end();

    await expect(abandoned).rejects.toBeInstanceOf(ClientGone);
    await Promise.all([running, kept]);
    expect(ran).toEqual(['kept']);
    expect(queue.stats().waitingRequests).toBe(0);
  });

  it('refuses a request whose first statement waited past the budget, before any of it runs', async () => {
    let clock = 0;
    const queue = createDatabaseQueue({ maxQueued: 100, maxWaitMs: 1_000, now: () => clock });
    const ran: string[] = [];
    const busy = held();
    const running = queue.run(busy.task);
    // Admitted while the line was young; by its turn it has waited 1.5 s.
    const late = asRequest(() => queue.run(async () => void ran.push('late')));
    // A request already under way keeps its turn, however long its next statement waited.
    let resume!: () => void;
    const started = asRequest(async () => {
      await new Promise<void>((r) => {
        resume = r;
      });
      await queue.run(async () => void ran.push('second statement'));
    });
    clock = 1_500;
    busy.end();

    const refusal = (await late.catch((err) => err)) as DatabaseBusy;
    expect(refusal).toBeInstanceOf(DatabaseBusy);
    expect(refusal.headers?.['retry-after']).toBe('2');
    expect(ran).toEqual([]);
    await running;
    resume();
    await started;
    expect(ran).toEqual(['second statement']);
  });
});
