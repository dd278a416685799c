/** A clock the tests set and move: the app under test reads it as now. */
import type { Clock } from '../deps.js';

export interface TestClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function testClock(start: string): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (at) => {
      now = at.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}
