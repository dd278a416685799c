import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/test-database.js';
import { createJobs, type Jobs } from './queue.js';

describe('background jobs', () => {
  let database: Database;
  let jobs: Jobs;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = await createJobs(database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
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
});
