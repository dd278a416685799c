import { describe, expect, it } from 'vitest';
import { ChangeLedger } from './change-feed.js';
import { OrgCache } from './org-cache.js';

function cacheOn(ledger: ChangeLedger, maxEntries = 10) {
  return new OrgCache<string>(
    {
      stamp: () => ledger.stamp(),
      isFresh: (org, stamp) => ledger.isFresh(org, stamp),
      get listening() {
        return ledger.listening;
      },
    },
    { maxEntries, ttlMs: 60_000 },
  );
}

describe('organization caches', () => {
  it("serve until their organization changes, and only that organization's entries go", async () => {
    const ledger = new ChangeLedger();
    ledger.setListening(true);
    const cache = cacheOn(ledger);
    let reads = 0;
    const read = (value: string) => async () => {
      reads++;
      return value;
    };
    expect(await cache.through('a', read('A1'), () => 'org-a')).toBe('A1');
    expect(await cache.through('b', read('B1'), () => 'org-b')).toBe('B1');
    expect(await cache.through('a', read('A2'), () => 'org-a')).toBe('A1');
    expect(reads).toBe(2);
    ledger.apply('org-a');
    expect(await cache.through('a', read('A3'), () => 'org-a')).toBe('A3');
    expect(await cache.through('b', read('B2'), () => 'org-b')).toBe('B1');
    ledger.apply('*');
    expect(await cache.through('b', read('B3'), () => 'org-b')).toBe('B3');
  });

  it('share one read among callers that miss together, but not with a caller that came after a change', async () => {
    const ledger = new ChangeLedger();
    ledger.setListening(true);
    const cache = cacheOn(ledger);
    let reads = 0;
    const gates: (() => void)[] = [];
    const slowRead = (value: string) => () =>
      new Promise<string>((resolve) => {
        reads++;
        gates.push(() => resolve(value));
      });
    const together = [1, 2, 3].map(() => cache.through('a', slowRead('A1'), () => 'org-a'));
    expect(reads).toBe(1);
    // A change reported while that read runs: the next caller reads again, and gets what it read.
    ledger.apply('org-b');
    const after = cache.through('a', slowRead('A2'), () => 'org-a');
    expect(reads).toBe(2);
    for (const open of gates) open();
    expect(await Promise.all(together)).toEqual(['A1', 'A1', 'A1']);
    expect(await after).toBe('A2');
    // A failed read fails its callers only: the next one reads again.
    await expect(
      cache.through(
        'c',
        () => Promise.reject(new Error('down')),
        () => 'org-c',
      ),
    ).rejects.toThrow('down');
    expect(
      await cache.through(
        'c',
        async () => 'C1',
        () => 'org-c',
      ),
    ).toBe('C1');
  });

  it('do not keep a value read while its organization changed', async () => {
    const ledger = new ChangeLedger();
    ledger.setListening(true);
    const cache = cacheOn(ledger);
    const stale = await cache.through(
      'a',
      async () => {
        ledger.apply('org-a'); // the change lands while the old value is being read
        return 'old';
      },
      () => 'org-a',
    );
    expect(stale).toBe('old');
    expect(
      await cache.through(
        'a',
        async () => 'new',
        () => 'org-a',
      ),
    ).toBe('new');
  });

  it('serve nothing while the feed does not listen, nor what they held before it stopped', async () => {
    const ledger = new ChangeLedger();
    const cache = cacheOn(ledger);
    expect(
      await cache.through(
        'a',
        async () => 'A1',
        () => 'org-a',
      ),
    ).toBe('A1');
    expect(
      await cache.through(
        'a',
        async () => 'A2',
        () => 'org-a',
      ),
    ).toBe('A2');
    ledger.setListening(true);
    expect(
      await cache.through(
        'a',
        async () => 'A3',
        () => 'org-a',
      ),
    ).toBe('A3');
    ledger.setListening(false);
    ledger.setListening(true);
    expect(
      await cache.through(
        'a',
        async () => 'A4',
        () => 'org-a',
      ),
    ).toBe('A4');
    expect(
      await cache.through(
        'a',
        async () => 'A5',
        () => 'org-a',
      ),
    ).toBe('A4');
  });

  it('hold at most their size, dropping the oldest', async () => {
    const ledger = new ChangeLedger();
    ledger.setListening(true);
    const cache = cacheOn(ledger, 2);
    for (const k of ['a', 'b', 'c'])
      await cache.through(
        k,
        async () => k,
        () => 'org',
      );
    expect(cache.size).toBe(2);
    expect(
      await cache.through(
        'a',
        async () => 'a again',
        () => 'org',
      ),
    ).toBe('a again');
    expect(
      await cache.through(
        'c',
        async () => 'c again',
        () => 'org',
      ),
    ).toBe('c');
  });
});
