/**
 * An outlined text field built from MUI's parts rather than TextField, which also
 * bundles Select and the filled and standard inputs that the sign-in page never uses.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEventHandler, type ReactNode, useId } from 'react';

export interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  /** The translated problem, shown under the field and announced with it. */
  problem?: string | null;
  endAdornment?: ReactNode;
}

export function Field({
  name,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  readOnly,
  problem,
  endAdornment,
}: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <FormControl fullWidth error={!!problem} required={!readOnly} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        readOnly={readOnly}
        endAdornment={endAdornment}
        slotProps={{ input: { 'aria-describedby': problem ? helpId : undefined, 'aria-invalid': !!problem } }}
      />
      {problem && <FormHelperText id={helpId}>{problem}</FormHelperText>}
    </FormControl>
  );
}
