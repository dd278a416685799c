import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/test-database.js';
import { until } from '../test/until.js';
import { createJobs, type Jobs } from './queue.js';

/** This test's own jobs (a queue is typed by the jobs it takes). */
type TestJobs = { 'test-echo': { word: string }; 'test-poison': { n: number } };

describe('background jobs', () => {
  let database: Database;
  let jobs: Jobs<TestJobs>;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = await createJobs<TestJobs>(database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs.stop(2_000);
    await database.close();
  });

  it('processes a sent job, and retries one that failed', async () => {
    const seen: string[] = [];
    let failedOnce = false;
    const done = new Promise<void>((resolve) => {
      void jobs.startWorkers([
        {
          name: 'test-echo',
          retryLimit: 2,
          handler: async (data: { word: string }) => {
            if (data.word === 'flaky' && !failedOnce) {
              failedOnce = true;
              throw new Error('first try fails');
            }
            seen.push(data.word);
            if (seen.length === 2) resolve();
          },
        },
      ]);
    });
    await jobs.send('test-echo', { word: 'hello' });
    await jobs.send('test-echo', { word: 'flaky' }, { retryDelay: 0 });
    await done;
    expect(seen.sort()).toEqual(['flaky', 'hello']);
    expect(failedOnce).toBe(true);
  });

  it('gives the handler the real tries, and ends a job that fails every time after its limit, visibly', async () => {
    const tries: { retryCount: number; retryLimit: number; lastTry: boolean }[] = [];
    const gaveUp = new Promise<{ data: { n: number }; err: Error }>((resolve) => {
      void jobs.startWorkers([
        {
          name: 'test-poison',
          retryLimit: 2,
          handler: async (_data: { n: number }, job) => {
            tries.push({ retryCount: job.retryCount, retryLimit: job.retryLimit, lastTry: job.lastTry });
            throw new Error('always fails');
          },
          onGiveUp: async (data, err) => resolve({ data, err }),
        },
      ]);
    });
    const id = await jobs.send('test-poison', { n: 7 }, { retryDelay: 0, retryBackoff: false, singletonKey: 'poison-7' });
    const { data, err } = await gaveUp;
    expect(data).toEqual({ n: 7 });
    expect(err.message).toBe('always fails');
    expect(tries).toEqual([
      { retryCount: 0, retryLimit: 2, lastTry: false },
      { retryCount: 1, retryLimit: 2, lastTry: false },
      { retryCount: 2, retryLimit: 2, lastTry: true },
    ]);
    // pg-boss records it as failed: it is not tried again, and the state is what sweeps read.
    await until('the job marked failed', async () => ((await jobs.latestState('test-poison', 'poison-7')) === 'failed' ? true : undefined));
    expect(id).toBeTruthy();
    expect(tries).toHaveLength(3);
  });
});
