/**
 * A full-screen wait overlay with a message, for work the user must not interrupt
 * (signing in, closing the session). Several callers may wait at once; the newest
 * message is shown until every one is done.
 */
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

interface Wait {
  /** Shows the overlay with `message`; call the returned function to take it away. */
  show(message: string): () => void;
  /** Shows the overlay while `work` runs. */
  during<T>(message: string, work: Promise<T>): Promise<T>;
}

const WaitContext = createContext<Wait | null>(null);

export function WaitOverlayProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<{ id: number; text: string }[]>([]);
  const nextId = useRef(0);

  const show = useCallback((text: string) => {
    const id = nextId.current++;
    setMessages((list) => [...list, { id, text }]);
    return () => setMessages((list) => list.filter((m) => m.id !== id));
  }, []);

  const wait = useMemo<Wait>(
    () => ({
      show,
      async during(message, work) {
        const hide = show(message);
        try {
          return await work;
        } finally {
          hide();
        }
      },
    }),
    [show],
  );

  const current = messages.at(-1);
  return (
    <WaitContext.Provider value={wait}>
      {children}
      <Backdrop open={!!current} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
        {current && (
          <>
            <CircularProgress color="inherit" aria-hidden />
            <Typography role="status" aria-live="polite" variant="h6" component="p" data-testid="wait-overlay">
              {current.text}
            </Typography>
          </>
        )}
      </Backdrop>
    </WaitContext.Provider>
  );
}

export function useWait(): Wait {
  const wait = useContext(WaitContext);
  if (!wait) throw new Error('useWait needs a WaitOverlayProvider');
  return wait;
}
