/** The dialog itself; see AppDialog.tsx, which loads it on first use. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';
import { type AppDialogProps, dialogWidths, useDelayedEmit } from './AppDialog';

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
  onExited,
}: AppDialogProps & { onExited?: (node: HTMLElement) => void }) {
  const { t } = useT();
  const emit = useDelayedEmit();
  const titleId = useId();
  const width = dialogWidths[size];
  return (
    // No onClose: neither a click outside nor Escape closes it (persistent).
    <Dialog
      open={open}
      // AppDialog gives the focus back once the dialog has gone (useFocusReturn).
      disableRestoreFocus
      aria-labelledby={titleId}
      role={alert ? 'alertdialog' : 'dialog'}
      // Half the screen is too narrow on a phone: wide dialogs take the width there.
      slotProps={{
        transition: { onExited },
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
      {children && <DialogContent>{children}</DialogContent>}
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
