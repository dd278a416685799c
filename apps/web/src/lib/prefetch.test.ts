import { expect, it } from 'vitest';
import { canPrefetch } from './prefetch';

it('skips prefetching on 2g and with data saver', () => {
  expect(canPrefetch({})).toBe(true);
  expect(canPrefetch({ connection: { effectiveType: '4g' } })).toBe(true);
  expect(canPrefetch({ connection: { effectiveType: '3g', saveData: false } })).toBe(true);
  expect(canPrefetch({ connection: { effectiveType: '2g' } })).toBe(false);
  expect(canPrefetch({ connection: { effectiveType: 'slow-2g' } })).toBe(false);
  expect(canPrefetch({ connection: { effectiveType: '4g', saveData: true } })).toBe(false);
});
