/**
 * The console's dialog. A click outside never closes it; Escape closes it as its close
 * button does, unless it holds something to lose: text typed into it, or what its caller
 * marks `persistent` (a secret not yet copied). That is decision 046: the spec's persistent
 * dialogs protect input, and the WAI-ARIA dialog pattern's Escape serves everything else.
 * Its close and save actions are emitted 111 ms after the click so the button's feedback
 * is seen before the dialog goes. Widths: 450 px for confirmations and details, half the
 * screen for wide content such as import errors.
 *
 * On opening, the first text field takes the focus (a confirmation's type-to-confirm
 * field) unless something in the dialog already has it. The dialog's code (MUI's Modal,
 * focus trap, transitions) loads the first time one opens. When it has closed, focus goes
 * back to what opened it (WCAG 2.4.3, focus order), or near it when that has gone
 * (focus.ts), if nothing else took the focus meanwhile.
 */
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { withChunkReload } from '../chunk-reload';
import { focusIsLost, useFocusReturn } from './focus';

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
  /** Escape leaves it open even before anything is typed: it holds something that would be lost (a secret not yet copied). */
  persistent?: boolean;
  /**
   * Where the focus goes once the dialog has gone, instead of back to what opened it: for an
   * action that takes its own button away (a Stop that ends the run it stops).
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
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

export function AppDialog(props: AppDialogProps) {
  const [used, setUsed] = useState(props.open);
  const returnFocus = useFocusReturn(props.open);
  // A dialog its caller removes as it closes (`{open && <Dialog open />}`) never reaches its
  // exit transition: the focus goes back once it has left the page.
  useEffect(() => () => void setTimeout(returnFocus), [returnFocus]);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame
        {...props}
        onExited={(node) => {
          const target = props.returnFocusTo?.();
          if (target?.isConnected && focusIsLost(node)) target.focus();
          else returnFocus(node);
        }}
      />
    </Suspense>
  );
}
