/**
 * The delivery pumps' wake-up: "work became due now", told to every process, for no cache.
 * A statement that makes work due sends `pg_notify(WAKE_UP_CHANNEL, <what>)`, delivered when
 * it commits (never for one that rolls back); the listening connection of each process
 * (change-feed.ts, one connection for both channels) hands it here. It is apart from the
 * change feed on purpose: a wake-up changes no data, so no cache forgets anything for it.
 */
import { EventEmitter } from 'node:events';

export const WAKE_UP_CHANNEL = 'console_wake_up';

/** What a wake-up names: webhook deliveries became due now (an event's, a test event, a retry, a resend). */
export const WEBHOOK_DELIVERIES_DUE = 'webhook_deliveries';
/** Told when the listening connection is (back) in place: a wake-up may have been missed meanwhile. */
export const ANYTHING_DUE = '*';

export interface WakeUp {
  /** Calls `listener` with what became due; returns the way to stop. */
  on(listener: (what: string) => void): () => void;
}

export class WakeUpBus implements WakeUp {
  private readonly emitter = new EventEmitter();

  on(listener: (what: string) => void): () => void {
    this.emitter.on('wake', listener);
    return () => this.emitter.off('wake', listener);
  }

  wake(what: string): void {
    this.emitter.emit('wake', what);
  }
}
