/**
 * Whose data changed (ChangeScope: an organization's, mostly), for the in-memory caches
 * (docs/decisions/009-external-api-caching.md). Triggers (migration 0004) send the
 * organization ids of every statement's changed rows on the channel `console_changes`;
 * each process LISTENs on a connection of its own (PostgreSQL) or on its PGlite instance.
 *
 * A cache stamps an entry with `stamp()` taken BEFORE it reads the database, and may serve
 * it while `isFresh(scope, stamp)`: no change of that scope (and no loss of the feed) was
 * seen since. While the feed is not listening (start-up, connection lost,
 * reconnecting) nothing is fresh, so the caches read the database.
 *
 * It is the one way a cache learns of a change, this process's own writes included: a write
 * request's answer waits for `caughtUp()` (app.ts), so the next request sees the write.
 * The same connection also hears the delivery pumps' wake-up (wake-up.ts), which no cache reads.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from './client.js';
import { ANYTHING_DUE, WAKE_UP_CHANNEL, type WakeUp, WakeUpBus } from './wake-up.js';

export const CHANGES_CHANNEL = 'console_changes';
/** How the listening connection shows in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'console-change-feed';
/** The payload that means "anything may have changed". */
export const EVERYTHING = '*';
/** How often the listening connection proves it is alive, and how long it may take. */
const HEARTBEAT_MS = 5_000;
const RECONNECT_MS = [100, 500, 1_000, 2_000, 5_000];
const MAX_SCOPES = 100_000;

/**
 * What a change is reported for: an organization's id (the triggers send the organizations of
 * a statement's rows), or a kind of data whose cache spans organizations (the user imports'
 * 'user_imports'). '*' means anything may have changed.
 */
export type ChangeScope = string;

/** What the change feed reports when imports or their invitations change (migration 0009): every organization's imports lists. */
export const USER_IMPORTS_CHANGES: ChangeScope = 'user_imports';

export interface ChangeFeed {
  /** A value to keep with an entry read from the database after this call. */
  stamp(): number;
  /** Whether an entry of this scope stamped `stamp` may still be served. */
  isFresh(scope: ChangeScope, stamp: number): boolean;
  /** Forgets at once what this process holds of the scope ('*': everything), without a notification. */
  changed(scope: ChangeScope): void;
  /** Whether changes are being received (caches serve only then). */
  readonly listening: boolean;
  /**
   * Resolves once this feed has heard every change committed before the call: the way this
   * process's next request sees its own write. PostgreSQL delivers a listener's notifications
   * in the order their transactions committed, so a marker sent now and heard back comes after
   * them. Immediate on PGlite (it tells before the write returns) and while not listening
   * (nothing is served from memory then).
   */
  caughtUp(): Promise<void>;
  /** The delivery pumps' wake-up, heard on the same connection (wake-up.ts); no cache reads it. */
  readonly wakeUp: WakeUp;
  /** 'change' (the scope, or '*') after a change is applied; 'listening' (boolean). */
  readonly events: EventEmitter;
  close(): Promise<void>;
}

/** The bookkeeping, independent of how notifications arrive. */
export class ChangeLedger {
  private counter = 1;
  /** Stamp of the last change per scope; anything stamped before it is stale. */
  private readonly changedAt = new Map<string, number>();
  /** Stamp of the last "everything changed" (feed lost or regained, '*'). */
  private everythingAt = 1;
  listening = false;
  readonly events = new EventEmitter();

  stamp(): number {
    return this.counter;
  }

  isFresh(scope: ChangeScope, stamp: number): boolean {
    return this.listening && stamp >= this.everythingAt && stamp >= (this.changedAt.get(scope) ?? 0);
  }

  apply(payload: string): void {
    const at = ++this.counter;
    if (payload === EVERYTHING || this.changedAt.size >= MAX_SCOPES) {
      this.everythingAt = at;
      this.changedAt.clear();
    } else {
      this.changedAt.set(payload, at);
    }
    this.events.emit('change', payload);
  }

  setListening(listening: boolean): void {
    // Whatever was cached may have missed changes while nobody listened.
    this.apply(EVERYTHING);
    this.listening = listening;
    this.events.emit('listening', listening);
  }
}

/** Marks a `caughtUp` marker's payload: a marker changes nothing, and only its sender waits for it. */
const MARKER = '~';

function feedOf(
  ledger: ChangeLedger,
  wakeUp: WakeUp,
  close: () => Promise<void>,
  caughtUp: () => Promise<void> = async () => undefined,
): ChangeFeed {
  return {
    stamp: () => ledger.stamp(),
    isFresh: (scope, stamp) => ledger.isFresh(scope, stamp),
    changed: (scope) => ledger.apply(scope),
    get listening() {
      return ledger.listening;
    },
    caughtUp,
    wakeUp,
    events: ledger.events,
    close,
  };
}

/** Starts listening; resolves once the first LISTEN is in place (or failed, then retries). */
export async function startChangeFeed(
  database: Database,
  log?: { warn(obj: object, msg: string): void },
  opts: { reconnectMs?: number[] } = {},
): Promise<ChangeFeed> {
  const reconnectMs = opts.reconnectMs ?? RECONNECT_MS;
  const ledger = new ChangeLedger();
  const wakeUp = new WakeUpBus();
  if (database.pglite) {
    // One process: PGlite runs the trigger's NOTIFY and calls back before the query returns.
    const unlisten = await database.pglite.listen(CHANGES_CHANNEL, (payload) => ledger.apply(payload));
    const unlistenWakeUp = await database.pglite.listen(WAKE_UP_CHANNEL, (payload) => wakeUp.wake(payload));
    ledger.setListening(true);
    wakeUp.wake(ANYTHING_DUE);
    return feedOf(ledger, wakeUp, async () => {
      ledger.setListening(false);
      await unlisten().catch(() => undefined);
      await unlistenWakeUp().catch(() => undefined);
    });
  }
  if (!database.pool) throw new Error('The change feed needs PGlite or a PostgreSQL pool');
  const options = database.pool.options;
  let closed = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  const feedId = randomUUID();
  let markers = 0;
  /** The `caughtUp` calls waiting for their marker, by marker. */
  const waiting = new Map<string, () => void>();
  const heardAll = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    clearInterval(heartbeat);
    if (ledger.listening) ledger.setListening(false);
    // Everything was forgotten: nothing stale can be served to whoever waits.
    heardAll();
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    if (err) log?.warn({ err }, 'change feed connection lost; the external API caches are off until it is back');
    retry = setTimeout(connect, reconnectMs[Math.min(attempt++, reconnectMs.length - 1)]);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...options, keepAlive: true, application_name: FEED_APPLICATION_NAME });
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      const payload = n.payload ?? EVERYTHING;
      if (n.channel === WAKE_UP_CHANNEL) wakeUp.wake(payload);
      else if (n.channel !== CHANGES_CHANNEL) return;
      else if (!payload.startsWith(MARKER)) ledger.apply(payload);
      else {
        waiting.get(payload)?.();
        waiting.delete(payload);
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      await c.query(`LISTEN ${WAKE_UP_CHANNEL}`);
    } catch (err) {
      lost(c, err);
      return;
    }
    if (client !== c || closed) return;
    attempt = 0;
    ledger.setListening(true);
    wakeUp.wake(ANYTHING_DUE);
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => lost(c, new Error('change feed heartbeat timed out')), HEARTBEAT_MS);
      c.query('SELECT 1').then(
        () => clearTimeout(timeout),
        (err) => {
          clearTimeout(timeout);
          lost(c, err);
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  /** Sends a marker after everything this process committed and waits to hear it back. */
  const caughtUp = () => {
    const c = client;
    if (!c || !ledger.listening) return Promise.resolve();
    const marker = `${MARKER}${feedId}:${++markers}`;
    return new Promise<void>((resolve) => {
      const timeout = setTimeout(() => {
        // Not heard in time: forget everything rather than serve what may be stale.
        waiting.delete(marker);
        ledger.apply(EVERYTHING);
        resolve();
      }, HEARTBEAT_MS);
      waiting.set(marker, () => {
        clearTimeout(timeout);
        resolve();
      });
      c.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, marker]).catch(() => {
        ledger.apply(EVERYTHING);
        waiting.get(marker)?.();
        waiting.delete(marker);
      });
    });
  };

  await connect();
  return feedOf(
    ledger,
    wakeUp,
    async () => {
      closed = true;
      clearTimeout(retry);
      if (client) lost(client);
    },
    caughtUp,
  );
}
