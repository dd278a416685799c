import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadOnce, withChunkReload } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('a failed lazy chunk', () => {
  it('is recognised by the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads the page at most once per 60 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce({ now: 1_000_000, storage, reload })).toBe(true);
    expect(reloadOnce({ now: 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce({ now: 1_000_000 + CHUNK_RELOAD_INTERVAL_MS, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('rethrows when it may not reload, and any other error at once', async () => {
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    await expect(
      withChunkReload(
        () => Promise.reject(chunkError),
        () => false,
      )(),
    ).rejects.toBe(chunkError);
    const other = new Error('bug');
    const reload = vi.fn(() => true);
    await expect(withChunkReload(() => Promise.reject(other), reload)()).rejects.toBe(other);
    expect(reload).not.toHaveBeenCalled();
  });
});
