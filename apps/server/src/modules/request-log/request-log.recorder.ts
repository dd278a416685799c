/**
 * How the request log is written without slowing calls (docs/decisions/071-request-log.md):
 * an answered call is a record pushed into this process's buffer, in the `onResponse` hook,
 * after the answer has left; the buffer is written off the request path, a multi-row INSERT
 * per batch, once a second or as soon as a batch is full. The app's close (a graceful stop,
 * main.ts) writes what is left.
 *
 * If the database refuses a batch (the embedded database's queue is full, the server is
 * restarting), the batch goes back to the buffer and is tried at the next tick; the buffer is
 * bounded, and what overflows it is counted and logged, never held against the calls.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RequestLogRecord, RequestLogRepository } from './request-log.repository.js';

export interface RequestLogRecorderOptions {
  /** How long a record may wait for its batch to fill. */
  flushEveryMs?: number;
  /** Records per INSERT. */
  batchSize?: number;
  /** Records the buffer holds at most while the database does not take them. */
  maxBuffered?: number;
}

/** Tries of one batch before it is given up (a minute or so of refusals at the default tick). */
const MAX_REFUSALS = 60;

export type RequestLogRecorder = ReturnType<typeof createRequestLogRecorder>;

export function createRequestLogRecorder(
  deps: { repo: Pick<RequestLogRepository, 'insert'>; log?: FastifyBaseLogger },
  options: RequestLogRecorderOptions = {},
) {
  const { flushEveryMs = 1_000, batchSize = 500, maxBuffered = 20_000 } = options;
  let buffer: RequestLogRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let dropped = 0;
  /** Refusals in a row of the batch at the buffer's front: one the database never takes is given up. */
  let refusals = 0;

  /** The next write: at once (`soon`, a batch is full) or after the tick. */
  let soonScheduled = false;
  function schedule(soon: boolean) {
    if (timer && (soonScheduled || !soon)) return;
    if (timer) clearTimeout(timer);
    soonScheduled = soon;
    timer = setTimeout(
      () => {
        timer = undefined;
        soonScheduled = false;
        void flush();
      },
      soon ? 0 : flushEveryMs,
    );
    // A process with nothing else to do does not stay up for the log: its close writes it.
    timer.unref();
  }

  /** Writes the buffer, a batch at a time; a refused batch goes back to its front. */
  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      try {
        await deps.repo.insert(batch);
      } catch (err) {
        refusals += 1;
        if (refusals >= MAX_REFUSALS) {
          refusals = 0;
          deps.log?.error({ err, dropped: batch.length }, 'a batch of the request log was refused again and again: left out');
          continue;
        }
        buffer = [...batch, ...buffer];
        deps.log?.warn({ err, buffered: buffer.length }, 'the request log could not be written; it will be tried again');
        schedule(false);
        return;
      }
      refusals = 0;
    }
    if (dropped > 0) {
      deps.log?.warn({ dropped }, 'calls were left out of the request log: its buffer was full');
      dropped = 0;
    }
  }

  /** Writes what the buffer holds now (and what arrives meanwhile); one writer at a time. */
  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
      soonScheduled = false;
    }
    writing ??= writeAll().finally(() => {
      writing = undefined;
    });
    return writing;
  }

  return {
    /** A call answered: kept for the next batch. Never waits, never throws. */
    record(entry: RequestLogRecord): void {
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        return;
      }
      buffer.push(entry);
      schedule(buffer.length >= batchSize);
    },
    /** Writes every record taken so far (tests read the log after it; the app's close calls it). */
    async flush(): Promise<void> {
      while (buffer.length > 0 || writing) {
        const before = buffer.length;
        await flush();
        // The database refused the batch: the next tick tries again, a close gives up.
        if (buffer.length >= before && before > 0) return;
      }
    },
    /** How many records wait for their batch. */
    get buffered(): number {
      return buffer.length;
    },
  };
}
