/**
 * `const confirm = useConfirm(); if (await confirm({ title, text })) ...`: one
 * confirmation dialog for the whole app, answered through a promise.
 *
 * A destructive request (`destructive: true`) has a red confirm button; an irreversible one
 * also names what it destroys (`typeToConfirm: organization.name`), and its confirm button
 * enables only once that name is typed, as GitHub and Vercel ask before deleting for good.
 * Dialogs that confirm inside their own form (the client key's) use the same pieces:
 * `Destructive` and `TypeToConfirmField` (TypeToConfirmField.tsx).
 */
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { withChunkReload } from '../chunk-reload';

const ConfirmDialog = lazy(withChunkReload(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog }))));

export interface ConfirmRequest {
  title: string;
  text?: string;
  /** What the action stops or changes, one line each (counts, say), listed under the text. */
  facts?: string[];
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button: the action removes or ends something. */
  destructive?: boolean;
  /** Irreversible: the confirm button enables once this (a name) is typed. Implies destructive. */
  typeToConfirm?: string;
  /** Once confirmed and closed, the focus goes here rather than back to the button that asked (which the action may remove). */
  focusAfterConfirm?: () => HTMLElement | null | undefined;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** Whether what was typed names the thing to destroy: the same text, spaces around it aside. */
export const typedNameMatches = (typed: string, name: string) => typed.trim() === name.trim();

/**
 * Makes the dialog inside it destructive: its confirm button is red. The dialog's own
 * buttons are not ours to change (AppDialog), but its confirm button takes the theme's
 * default colour and its Cancel an explicit one, so a default of `error` here reds only
 * the confirm button (the theme reaches through the dialog's portal).
 */
export function Destructive({ when = true, children }: { when?: boolean; children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(
    () => (when ? createTheme(outer, { components: { MuiButton: { defaultProps: { color: 'error' } } } }) : outer),
    [when, outer],
  );
  // Always a provider, so that turning it on or off never remounts the dialog.
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The last request stays while its dialog fades out; `open` says whether it is asked.
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setTyped('');
    setRequest(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const confirmed = useRef(false);
  const answer = (value: boolean) => {
    confirmed.current = value;
    resolver.current?.(value);
    resolver.current = undefined;
    setOpen(false);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {/* The dialog's code (a text field brings MUI's whole input and select family) loads with the first confirmation. */}
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog
            request={request}
            open={open}
            typed={typed}
            onType={setTyped}
            onAnswer={answer}
            confirmed={() => confirmed.current}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
