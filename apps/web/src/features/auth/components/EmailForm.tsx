/**
 * A form of the sign-in pages that asks for the account's e-mail (signing in, asking for a
 * reset link): the address is checked on submit and handed on trimmed; the button is busy
 * until the form gives way to what follows (the next step, the answer, another page). A
 * failure is a notice in the user's language and the form can be sent again.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { EmailField, type useEmailField } from './Field';

export function EmailForm({
  field,
  texts,
  failedKey,
  onEmail,
  children,
}: {
  /** Kept by the page, so that the address typed outlives the form (a reset asked for again). */
  field: ReturnType<typeof useEmailField>;
  /** The form's name (its aria-label) and its button's. */
  texts: { label: string; submit: string };
  /** The notice's text when the server's answer names no code of its own. */
  failedKey: string;
  onEmail: (address: string) => Promise<unknown>;
  /** Below the button. */
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!field.validate() || busy) return;
    setBusy(true);
    try {
      await onEmail(field.value.trim());
    } catch (err) {
      notify.error(errorMessage(err, failedKey));
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={texts.label}>
      <Stack spacing={2}>
        <EmailField field={field} />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {texts.submit}
        </Button>
        {children}
      </Stack>
    </Box>
  );
}
