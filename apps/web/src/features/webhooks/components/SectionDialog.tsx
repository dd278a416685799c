/**
 * A confirming dialog of the webhooks screen whose title, text and button are one section of the
 * catalogue (`webhooks:<section>.title`, `.text`, `.confirm`), with what the section asks below its text.
 */
import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';

export function SectionDialog({
  section,
  open,
  onClose,
  onSave,
  saveDisabled,
  textGap,
  children,
}: {
  section: 'enable' | 'resend';
  open: boolean;
  onClose: () => void;
  onSave: () => void;
  saveDisabled?: boolean;
  /** The space below the text, in theme units. */
  textGap: number;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <AppDialog
      open={open}
      size="confirm"
      title={t(`webhooks:${section}.title`)}
      onClose={onClose}
      onSave={onSave}
      saveLabel={t(`webhooks:${section}.confirm`)}
      saveDisabled={saveDisabled}
    >
      <DialogContentText sx={{ mb: textGap }}>{t(`webhooks:${section}.text`)}</DialogContentText>
      {children}
    </AppDialog>
  );
}
