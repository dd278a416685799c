/**
 * Notifications: 3003 ms by default; green success, grey info, red error. A notice with
 * `persist` stays until its Dismiss button is pressed (what must not be missed, such as an
 * import that failed while the admin looked elsewhere). `notify`
 * works anywhere (components, loaders, query callbacks). notistack's code loads when
 * the page is idle, or with the first notice, which waits for it.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { withChunkReload } from './chunk-reload';
import { whenIdle } from './prefetch';

export const NOTIFY_MS = 3003;
export const COPY_NOTICE_MS = 1500;

export type NoticeVariant = 'success' | 'info' | 'error';
export interface NoticeOptions {
  autoHideDuration?: number;
  preventDuplicate?: boolean;
  /** Stays until dismissed: no time limit, a Dismiss button, and a later success leaves it. */
  persist?: boolean;
}
export interface Notice {
  message: string;
  variant: NoticeVariant;
  options?: NoticeOptions;
}

let show: ((notice: Notice) => void) | null = null;
const waiting: Notice[] = [];
const wanted = new Set<() => void>();

function push(notice: Notice) {
  if (show) return show(notice);
  waiting.push(notice);
  for (const listener of wanted) listener();
}

/** Called by the host once notistack is mounted: shows what waited, then shows at once. */
export function attachNotifier(next: (notice: Notice) => void): () => void {
  show = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (show === next) show = null;
  };
}

export const notify = {
  success: (message: string, options?: NoticeOptions) => push({ message, variant: 'success', options }),
  info: (message: string, options?: NoticeOptions) => push({ message, variant: 'info', options }),
  error: (message: string, options?: NoticeOptions) => push({ message, variant: 'error', options }),
  /** A form's "it has errors": shown once while it is on screen, however often the form is submitted with them. */
  formErrors: (message: string) => push({ message, variant: 'error', options: { preventDuplicate: true } }),
};

const loadHost = withChunkReload(() => import('./NotificationsHost'));
const NotificationsHost = lazy(loadHost);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(waiting.length > 0);
  useEffect(() => {
    const mount = () => setMounted(true);
    wanted.add(mount);
    if (waiting.length > 0) mount();
    const cancel = whenIdle(() => loadHost().then(mount));
    return () => {
      wanted.delete(mount);
      cancel();
    };
  }, []);
  return (
    <>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
    </>
  );
}
