/** A dialog that sends one value (a client secret, a certificate) and says in place why it was refused. */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';

export function FieldDialog({
  title,
  field,
  send,
  onClose,
}: {
  title: ReactNode;
  /** The text field's own props (label, hint, type); its value is the dialog's. */
  field: Omit<TextFieldProps, 'value' | 'onChange'>;
  send: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    setProblem(null);
    setPending(true);
    try {
      await send(value);
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'ssoConnections:saveFailed'));
    } finally {
      setPending(false);
    }
  };
  return (
    <AppDialog open title={title} onClose={onClose} onSave={save} saveDisabled={value.trim() === '' || pending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField {...field} value={value} onChange={(e) => setValue(e.target.value)} fullWidth autoFocus />
      </Stack>
    </AppDialog>
  );
}
