/** The dialog itself; see AppDialog.tsx, which loads it on first use. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { type AppDialogProps, dialogWidths, useDelayedEmit } from './AppDialog';
import { closesOnEscape, firstTypedInput, isTypedInput } from './rule';

/**
 * A dialog's content that scrolls (a long details list on a short window) takes the focus
 * by Tab, so it can be scrolled by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable);
 * content that fits adds no stop.
 */
function useFocusableWhenScrolling() {
  const [scrolls, setScrolls] = useState(false);
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const ref = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(node.scrollHeight > node.clientHeight + 1);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(node);
    for (const child of node.children) observer.current.observe(child);
    measure();
  }, []);
  return { ref, tabIndex: scrolls ? 0 : undefined };
}

/** Gives the first text field the focus when the dialog opens, unless something in it (a field's autoFocus) has it already. */
function focusFirstField(node: HTMLElement) {
  if (node.contains(document.activeElement)) return;
  firstTypedInput(node)?.focus();
}

export function DialogFrame({
  open,
  title,
  size = 'details',
  children,
  onClose,
  onSave,
  saveLabel,
  closeLabel,
  saveDisabled,
  alert,
  persistent,
  onExited,
}: AppDialogProps & { onExited?: (node: HTMLElement) => void }) {
  const { t } = useT();
  const emit = useDelayedEmit();
  const titleId = useId();
  const width = dialogWidths[size];
  // Whether text has been typed into it since it opened (rule.ts): then Escape leaves it open.
  const typed = useRef(false);
  const scrollingContent = useFocusableWhenScrolling();
  useEffect(() => {
    if (open) typed.current = false;
  }, [open]);
  return (
    <Dialog
      open={open}
      // A click outside never closes it; Escape does unless it holds something to lose (decision 046).
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown' && closesOnEscape({ persistent, typed: typed.current })) emit(onClose);
      }}
      onInput={(event) => {
        if (isTypedInput(event.target)) typed.current = true;
      }}
      // AppDialog gives the focus back once the dialog has gone (useFocusReturn).
      disableRestoreFocus
      aria-labelledby={titleId}
      role={alert ? 'alertdialog' : 'dialog'}
      // Half the screen is too narrow on a phone: wide dialogs take the width there.
      slotProps={{
        // onEnter runs as the dialog mounts, before the focus trap would focus the dialog itself.
        transition: { onEnter: focusFirstField, onExited },
        paper: {
          sx: {
            width: size === 'wide' ? { xs: 'calc(100% - 32px)', md: width } : width,
            maxWidth: size === 'wide' ? { xs: 'calc(100% - 32px)', md: '50%' } : width,
            m: 2,
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children && (
        <DialogContent ref={scrollingContent.ref} tabIndex={scrollingContent.tabIndex}>
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => emit(onClose)} color={onSave ? 'inherit' : 'primary'}>
          {closeLabel ?? (onSave ? t('dialog.cancel') : t('dialog.close'))}
        </Button>
        {onSave && (
          <Button onClick={() => emit(onSave)} variant="contained" disabled={saveDisabled}>
            {saveLabel ?? t('dialog.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
