import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '../../i18n/use-t';

/**
 * "Type {name} to confirm": the field an irreversible action asks to fill in. The
 * instruction is a label above the field (it wraps on a phone; a field's floating label
 * would cut a long name). In a dialog it takes the focus as the dialog's first field
 * (AppDialog); a confirmation inside the page asks for it with `autoFocus`.
 */
export function TypeToConfirmField({
  name,
  value,
  onChange,
  autoFocus,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <Stack spacing={0.75}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('dialog.typeToConfirm', { name })}
      </Typography>
      <TextField
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        fullWidth
        size="small"
        autoFocus={autoFocus}
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
    </Stack>
  );
}
