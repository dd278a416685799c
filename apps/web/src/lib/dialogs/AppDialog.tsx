/**
 * The console's dialog: persistent (a click outside or Escape does not close it; its
 * buttons do), and its close and save actions are emitted 111 ms after the click so the
 * button's feedback is seen before the dialog goes. Widths: 450 px for confirmations
 * and details, half the screen for wide content such as import errors.
 *
 * The dialog's code (MUI's Modal, focus trap, transitions) loads the first time one opens.
 * When it has closed, focus goes back to what opened it (WCAG 2.4.3, focus order), if that
 * is still on the page and nothing else took the focus meanwhile.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { withChunkReload } from '../chunk-reload';

export const DIALOG_EMIT_DELAY_MS = 111;
export type DialogSize = 'confirm' | 'details' | 'wide';
export const dialogWidths: Record<DialogSize, string | number> = { confirm: 450, details: 450, wide: '50%' };

export interface AppDialogProps {
  open: boolean;
  title: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
  /** Called (after the delay) by the Close button. */
  onClose: () => void;
  /** With a save action, a Save button is shown; called after the delay. */
  onSave?: () => void;
  saveLabel?: string;
  closeLabel?: string;
  saveDisabled?: boolean;
  /** role="alertdialog" for messages that need an answer. */
  alert?: boolean;
}

/** Calls `fn` after the dialog delay; a later call or unmounting cancels a pending one. */
export function useDelayedEmit() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (fn: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, DIALOG_EMIT_DELAY_MS);
  };
}

const DialogFrame = lazy(withChunkReload(() => import('./DialogFrame').then((m) => ({ default: m.DialogFrame }))));

/**
 * The element that had the focus when the dialog opened, and a function that gives it back.
 * A layout effect of the parent runs before the focus trap (a passive effect) moves the focus.
 */
export function useFocusReturn(open: boolean): (closed?: Element) => void {
  const trigger = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  /** `closed`: the dialog's element, about to go; focus left inside it is lost too. */
  return useCallback((closed?: Element) => {
    const target = trigger.current;
    trigger.current = null;
    const current = document.activeElement;
    const focusIsLost = !current || current === document.body || !current.isConnected || !!closed?.contains(current);
    if (target?.isConnected && focusIsLost) target.focus();
  }, []);
}

export function AppDialog(props: AppDialogProps) {
  const [used, setUsed] = useState(props.open);
  const returnFocus = useFocusReturn(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} onExited={returnFocus} />
    </Suspense>
  );
}
