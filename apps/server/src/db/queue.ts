/**
 * The queue in front of the embedded database (docs/decisions/035-embedded-database-queue.md).
 *
 * PGlite is one connection, and its statements run inside WebAssembly on the main thread:
 * while one runs, the process does nothing else, not even accept a connection. Left alone,
 * a burst of requests runs each to its end in the event-loop turn that read it, and
 * connections that arrive meanwhile wait unaccepted until many of them time out (decision 035
 * and bench/history.md have the measures).
 *
 * So every statement (or transaction) waits its turn here:
 * - **One statement per event-loop turn**: between two, Node reads the sockets, accepts
 *   connections and queues what they ask. An idle database runs a statement at once, but
 *   only the first of its turn (PGlite answers within microtasks: a second would run inline).
 * - **In order of the requests**: a statement takes its request's place (the order in which
 *   requests first asked for the database), so a request that already started finishes
 *   before later ones start; work outside a request (jobs, the queue's own polling) queues
 *   at the back each statement, which interleaves a long import with the requests.
 * - **Bounded**: a request that would join a line of `maxQueued` requests, or arrives while
 *   the first in line has already waited `maxWaitMs`, is refused at once with 503 and
 *   Retry-After (SERVICE_BUSY); one whose first statement still waits `maxWaitMs` for its
 *   turn is refused then, before any of it ran. A request whose first statement ran is
 *   never refused half way. Work outside a request is never refused.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../http/errors.js';

export const SERVICE_BUSY = 'SERVICE_BUSY';

/** 503 with Retry-After: the embedded database's line is full. */
export class DatabaseBusy extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, SERVICE_BUSY, 'The server is busy. Try again in a few seconds.', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/** A request's place: taken by its first statement, kept by the others. */
interface RequestPlace {
  order: number | undefined;
  /** The client went away (closed its connection): what it still waits for is not run. */
  gone: () => boolean;
}

const requests = new AsyncLocalStorage<RequestPlace>();

/** Runs `fn` (a request's handling) so that its statements share one place in the queue. */
export function asRequest<T>(fn: () => T, gone: () => boolean = () => false): T {
  return requests.run({ order: undefined, gone }, fn);
}

/** A waiting statement of a request whose client has gone: dropped, not run (nobody reads the answer). */
export class ClientGone extends AppError {
  constructor() {
    super(499, 'CLIENT_GONE', 'The client closed its connection while its request waited for the database.');
  }
}

interface Entry {
  order: number;
  request: boolean;
  /** A request's first statement: nothing of the request has run yet, so it may still be refused. */
  first: boolean;
  gone: () => boolean;
  since: number;
  task: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export interface QueueOptions {
  /** Requests that may wait in line (DATABASE_QUEUE_MAX). */
  maxQueued: number;
  /** Refuse new requests while the first in line has waited this long (DATABASE_QUEUE_WAIT_MS). */
  maxWaitMs: number;
  now?: () => number;
}

export interface QueueStats {
  /** Requests waiting (statements of requests that hold a place count once each). */
  waitingRequests: number;
  waitingOther: number;
  running: boolean;
}

export interface DatabaseQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  stats(): QueueStats;
}

const never = () => false;

export function createDatabaseQueue(options: QueueOptions): DatabaseQueue {
  const now = options.now ?? (() => performance.now());
  // Sorted by order; nearly always appended (a new place) or put near the front (a request in progress).
  const line: Entry[] = [];
  let nextOrder = 0;
  let running = false;
  let scheduled = false;
  let waitingRequests = 0;
  // A statement started in this event-loop turn. PGlite answers within microtasks, so without
  // this the idle path below would run every request read in one poll phase to its end,
  // inline: under many clients the loop would turn rarely, accept a connection per turn, and
  // leave the others unaccepted until they time out.
  let turnTaken = false;
  const takeTurn = () => {
    if (turnTaken) return;
    turnTaken = true;
    setImmediate(() => {
      turnTaken = false;
    });
  };

  const insert = (entry: Entry) => {
    let i = line.length;
    while (i > 0 && line[i - 1].order > entry.order) i--;
    line.splice(i, 0, entry);
  };

  const start = () => {
    scheduled = false;
    let entry = line.shift();
    // Clients that gave up (a timeout, a closed tab) cost the database nothing more; a request
    // whose first statement waited past the budget is refused now, before any of it ran.
    for (; entry; entry = line.shift()) {
      const refusal = entry.gone() ? new ClientGone() : entry.first ? overBudget(entry) : undefined;
      if (!refusal) break;
      if (entry.request) waitingRequests--;
      entry.reject(refusal);
    }
    if (!entry) return;
    if (entry.request) waitingRequests--;
    running = true;
    takeTurn();
    let task: Promise<unknown>;
    try {
      task = entry.task();
    } catch (err) {
      task = Promise.reject(err);
    }
    task.then(entry.resolve, entry.reject).finally(() => {
      running = false;
      next();
    });
  };

  // The next statement in the next event-loop turn: sockets are read (and queue theirs) in between.
  const next = () => {
    if (running || scheduled || line.length === 0) return;
    scheduled = true;
    setImmediate(start);
  };

  const overBudget = (entry: Entry): DatabaseBusy | undefined => {
    const waited = now() - entry.since;
    return waited > options.maxWaitMs ? new DatabaseBusy(Math.max(1, Math.ceil(waited / 1000))) : undefined;
  };

  const refuseNewRequest = (): DatabaseBusy | undefined => {
    const first = line.find((e) => e.request);
    const waited = first === undefined ? 0 : now() - first.since;
    if (waitingRequests < options.maxQueued && waited < options.maxWaitMs) return undefined;
    // Come back in about the time the first in line has waited: the line moves at that pace.
    return new DatabaseBusy(Math.max(1, Math.ceil(waited / 1000)));
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const place = requests.getStore();
      let order: number;
      let first = false;
      if (!place) {
        order = nextOrder++;
      } else if (place.order === undefined) {
        const refusal = refuseNewRequest();
        if (refusal) return Promise.reject(refusal);
        order = place.order = nextOrder++;
        first = true;
      } else {
        order = place.order;
      }
      const request = place !== undefined;
      // Nothing waiting, nothing running, and no statement yet in this turn: now.
      if (!running && line.length === 0 && !scheduled && !turnTaken) {
        running = true;
        takeTurn();
        const done = () => {
          running = false;
          next();
        };
        let result: Promise<T>;
        try {
          result = task();
        } catch (err) {
          result = Promise.reject(err);
        }
        result.then(done, done);
        return result;
      }
      const result = new Promise<T>((resolve, reject) => {
        if (request) waitingRequests++;
        const gone = place?.gone ?? never;
        insert({ order, request, first, gone, since: now(), task, resolve: resolve as (v: unknown) => void, reject });
        next();
      });
      return result;
    },
    stats: () => ({ waitingRequests, waitingOther: line.length - waitingRequests, running }),
  };
}
