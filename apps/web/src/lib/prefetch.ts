/** Prefetching spends data: skip it on 2g connections and when the user asked to save data. */
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(nav: { connection?: NetworkInformationLike } = navigator as never): boolean {
  const connection = nav.connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/**
 * Runs `load` once the page is idle, when prefetching is allowed; for code that the
 * next click will probably need (menus, dialogs). Returns a cancel function.
 */
export function whenIdle(load: () => Promise<unknown>): () => void {
  if (!canPrefetch()) return () => {};
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1500);
  return () => window.clearTimeout(id);
}

/** Starts `load` now (on hover or focus: the user is about to click), when prefetching is allowed. */
export function prefetch(load: () => Promise<unknown>): void {
  if (canPrefetch()) void load().catch(() => undefined);
}
