/**
 * After a deploy, an open tab may ask for a lazy chunk that no longer exists. Reloading
 * fetches the new index.html and its chunks. At most once per 60 s, so a chunk that is
 * really broken shows the error page instead of reloading forever.
 */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const KEY = 'console:chunk-reload-at';

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i;

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'ChunkLoadError' || CHUNK_ERROR.test(err.message));
}

interface Env {
  now: number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

/** Reloads unless it already did in the last 60 s; tells whether it reloaded. */
export function reloadOnce(env: Env = { now: Date.now(), storage: sessionStorage, reload: () => window.location.reload() }): boolean {
  const last = Number(env.storage.getItem(KEY) ?? 0);
  if (last && env.now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  env.storage.setItem(KEY, String(env.now));
  env.reload();
  return true;
}

/** Wraps a lazy import: a chunk error reloads the page (once per 60 s), else it is rethrown. */
export function withChunkReload<T>(load: () => Promise<T>, reload: () => boolean = reloadOnce): () => Promise<T> {
  return () =>
    load().catch((err: unknown) => {
      // While the page reloads, never settle, so no error page flashes.
      if (isChunkLoadError(err) && reload()) return new Promise<T>(() => {});
      throw err;
    });
}

/** Vite reports failed preloads of a chunk's dependencies with this event. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
