import { describe, expect, it } from 'vitest';
import { uuidV7At } from './uuid-v7.js';

describe('uuidV7At', () => {
  it("is a version 7 UUID whose first 48 bits are the instant's milliseconds", () => {
    const at = new Date('2026-12-04T18:20:00.123Z');
    const id = uuidV7At(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(at.getTime());
    expect(uuidV7At(at)).not.toBe(id);
  });

  it('sorts by its instant before its random bits', () => {
    const ids = [3, 1, 2].map((s) => uuidV7At(new Date(Date.UTC(2026, 11, 4, 0, 0, s))));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
  });
});
