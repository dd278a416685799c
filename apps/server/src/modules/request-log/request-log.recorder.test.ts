/**
 * The request log's buffer (request-log.recorder.ts): calls are written in batches of at most
 * `batchSize` rows, one INSERT each, never on the caller's path; a batch the database refuses
 * goes back to the buffer and is written later; an overflowing buffer leaves calls out
 * rather than holding memory.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../../test/until.js';
import { createRequestLogRecorder } from './request-log.recorder.js';
import type { RequestLogRecord } from './request-log.repository.js';

const entry = (n: number): RequestLogRecord => ({
  organizationId: '00000000-0000-4000-8000-000000000001',
  occurredAt: new Date(0),
  accessKeyId: '00000000-0000-4000-8000-000000000002',
  accessKeyName: 'Key',
  method: 'GET',
  route: '/v1/users',
  status: 200,
  durationUs: n,
  requestId: `r-${n}`,
  ip: null,
  userAgent: null,
  errorCode: null,
});

describe('the request log buffer', () => {
  it('writes full batches by itself, one INSERT each, and the rest on flush', async () => {
    const inserts: number[] = [];
    const recorder = createRequestLogRecorder(
      { repo: { insert: async (rows) => void inserts.push(rows.length) } },
      { batchSize: 3, flushEveryMs: 3_600_000 },
    );
    for (let n = 0; n < 7; n++) recorder.record(entry(n));
    // Recording never waits: nothing is written before the caller has moved on.
    expect(inserts).toEqual([]);
    await until('the full batches are written', async () => (inserts.length >= 2 ? true : undefined));
    await recorder.flush();
    expect(inserts).toEqual([3, 3, 1]);
    expect(recorder.buffered).toBe(0);
  });

  it('keeps a refused batch and writes it once the database takes it again', async () => {
    const written: string[] = [];
    let refuse = true;
    const recorder = createRequestLogRecorder(
      {
        repo: {
          insert: async (rows) => {
            if (refuse) throw new Error('busy');
            written.push(...rows.map((r) => r.requestId));
          },
        },
      },
      { batchSize: 10, flushEveryMs: 3_600_000 },
    );
    recorder.record(entry(1));
    recorder.record(entry(2));
    await recorder.flush();
    expect(written).toEqual([]);
    expect(recorder.buffered).toBe(2);
    refuse = false;
    recorder.record(entry(3));
    await recorder.flush();
    expect(written).toEqual(['r-1', 'r-2', 'r-3']);
  });

  it('leaves calls out once its buffer is full', async () => {
    const recorder = createRequestLogRecorder(
      { repo: { insert: async () => Promise.reject(new Error('down')) } },
      { batchSize: 10, maxBuffered: 5, flushEveryMs: 3_600_000 },
    );
    for (let n = 0; n < 8; n++) recorder.record(entry(n));
    expect(recorder.buffered).toBe(5);
  });
});
