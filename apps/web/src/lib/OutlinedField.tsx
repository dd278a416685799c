/**
 * An outlined text field built from MUI's parts rather than TextField, which also bundles
 * Select (with Menu, Popover and Modal) and the filled and standard inputs: the fields of the
 * pages an e-mail opens and of sign-in, which load before anything else. Controlled (`value`)
 * or registered with react-hook-form (`registration`).
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEventHandler, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface OutlinedFieldProps {
  name?: string;
  label: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** A react-hook-form field's registration, instead of `name`, `value` and `onChange`. */
  registration?: UseFormRegisterReturn;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  required?: boolean;
  /** The translated problem, shown under the field and announced with it. */
  problem?: string | null;
  /** Another element that describes the field (a checklist), announced after its problem. */
  describedBy?: string;
  endAdornment?: ReactNode;
}

export function OutlinedField({ label, registration, readOnly, required = !readOnly, problem, describedBy, ...input }: OutlinedFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const describers = [problem ? helpId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  const { ref, ...registered } = registration ?? {};
  return (
    <FormControl fullWidth error={!!problem} required={required} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        {...registered}
        id={id}
        label={label}
        readOnly={readOnly}
        inputRef={ref}
        slotProps={{ input: { 'aria-describedby': describers, 'aria-invalid': !!problem } }}
      />
      {problem && <FormHelperText id={helpId}>{problem}</FormHelperText>}
    </FormControl>
  );
}
