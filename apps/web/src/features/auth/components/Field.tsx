/**
 * The sign-in page's fields: a value checked after the first submit, and the account's e-mail.
 */
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { OutlinedField } from '../../../lib/OutlinedField';
import { fieldError, type ValidationCode } from '../../../lib/validation';
import { checkSignInEmail } from './sign-in-rules';

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
    <OutlinedField
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
