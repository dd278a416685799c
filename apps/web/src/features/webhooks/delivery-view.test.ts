import { expect, it } from 'vitest';
import { aDelivery } from '../../test/webhooks';
import { anyPending, canRetry } from './delivery-view';

const failedAttempt = { at: '2026-11-21T09:00:00.000Z', statusCode: 500, durationMs: 10, responseBody: 'no', error: null };

it('offers Retry once an attempt failed: a delivery that gave up, or one waiting for its next attempt', () => {
  expect(canRetry(aDelivery(1))).toBe(false);
  expect(canRetry(aDelivery(1, { status: 'pending', attempts: [] }))).toBe(false);
  expect(canRetry(aDelivery(1, { status: 'pending', attempts: [failedAttempt], nextAttemptAt: '2026-11-21T09:00:05.000Z' }))).toBe(true);
  expect(canRetry(aDelivery(1, { status: 'failed', attempts: [failedAttempt] }))).toBe(true);
});

it('reads the log again while a delivery is about to be tried, not for a retry hours away', () => {
  const now = Date.parse('2026-11-21T09:00:00.000Z');
  const waiting = (inMs: number) =>
    aDelivery(2, { status: 'pending', attempts: [failedAttempt], nextAttemptAt: new Date(now + inMs).toISOString() });
  expect(anyPending([aDelivery(1)], now)).toBe(false);
  expect(anyPending([aDelivery(1), aDelivery(3, { status: 'pending', attempts: [] })], now)).toBe(true);
  expect(anyPending([waiting(5_000)], now)).toBe(true);
  expect(anyPending([waiting(2 * 3_600_000)], now)).toBe(false);
});
