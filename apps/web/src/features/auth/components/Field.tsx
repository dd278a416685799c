/**
 * An outlined text field built from MUI's parts rather than TextField, which also
 * bundles Select and the filled and standard inputs that the sign-in page never uses.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEventHandler, type ReactNode, useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { fieldError, type ValidationCode } from '../../../lib/validation';
import { checkSignInEmail } from './sign-in-rules';

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

/** A field's value and problem; the problem shows after the first submit and then follows each change. */
export function useCheckedField(check: (value: string) => ValidationCode | undefined, initial = '') {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problem = submitted ? check(value) : undefined;
  return {
    value,
    problem,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    /** Marks the field submitted; true when it is valid. */
    validate: () => {
      setSubmitted(true);
      return check(value) === undefined;
    },
    reset: () => {
      setValue('');
      setSubmitted(false);
    },
  };
}

/** The account's e-mail, as the sign-in page asks for it: the same field wherever an address is typed to sign in or reset. */
export function useEmailField(initial = '') {
  return useCheckedField(checkSignInEmail, initial);
}

export function EmailField({ field }: { field: ReturnType<typeof useEmailField> }) {
  const { t } = useT();
  return (
    <Field
      name="email"
      label={t('auth:signIn.email')}
      type="email"
      autoComplete="username"
      autoFocus
      value={field.value}
      onChange={field.onChange}
      problem={fieldError(t, field.problem)}
    />
  );
}
