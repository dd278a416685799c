/**
 * A new password chosen twice, with the policy's checklist ticking as it is typed and a button
 * that shows what was typed: the fields of every form that sets a password (an invitation, a
 * password reset, a new organization's first admin), on the caller's react-hook-form form.
 * A form with a schema resolver checks the repeat in its schema (newPasswordRepeated); one
 * without checks it with the rules registered here.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useId, useState } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useT } from '../i18n/use-t';
import { OutlinedField } from './OutlinedField';
import { PasswordRulesList } from './PasswordRulesList';
import { ownPasswordPolicy, type PasswordPolicy } from './password-rules';
import { fieldError } from './validation';

export interface NewPasswordValues {
  password: string;
  repeat: string;
}

export const newPasswordDefaults: NewPasswordValues = { password: '', repeat: '' };

/**
 * A field left empty is not touched: its problem waits for a submit or for something typed.
 * The password field has the focus on arrival, so with the forms' `onTouched` mode any
 * click elsewhere (the user menu, to switch language) marked it touched and showed
 * "required" before anything was typed.
 */
function touchedOnlyOnceTyped<N extends string>(registration: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return { ...registration, onBlur: async (event) => (event.target.value === '' ? undefined : registration.onBlur(event)) };
}

export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label,
  autoFocus = true,
  policy = ownPasswordPolicy,
}: {
  form: UseFormReturn<T>;
  /** Which rules: a passphrase people choose for themselves (`own`), or the spec's rule of an organization's first admin. */
  policy?: PasswordPolicy;
  /** The password field's label; "New password" when left out. */
  label?: string;
  autoFocus?: boolean;
}) {
  const { t } = useT();
  const rulesId = useId();
  const [shown, setShown] = useState(false);
  // The form's other fields are the caller's: only these two are read and registered here.
  const own = form as unknown as UseFormReturn<NewPasswordValues>;
  const { errors } = own.formState;
  const password = own.watch('password') ?? '';
  // Every rule of the policy reads as one problem: the checklist says which are unmet.
  const passwordProblem = errors.password?.message === 'required' ? 'required' : errors.password ? 'passwordPolicy' : undefined;
  return (
    <>
      <OutlinedField
        registration={touchedOnlyOnceTyped(
          own.register('password', {
            required: 'required',
            validate: (value) => policy.unmet(value).length === 0 || 'passwordPolicy',
          }),
        )}
        label={label ?? t('newPassword.password')}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        autoFocus={autoFocus}
        problem={fieldError(t, passwordProblem)}
        describedBy={rulesId}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              edge="end"
              onClick={() => setShown((v) => !v)}
              aria-label={shown ? t('newPassword.hidePassword') : t('newPassword.showPassword')}
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      <PasswordRulesList
        id={rulesId}
        password={password}
        policy={policy}
        title={t('newPassword.rulesTitle')}
        metLabel={t('newPassword.ruleMet')}
        notMetLabel={t('newPassword.ruleNotMet')}
        ruleLabel={(rule, limits) => t(`newPassword.rules.${rule}`, limits)}
      />
      <OutlinedField
        registration={touchedOnlyOnceTyped(
          own.register('repeat', { validate: (value, all) => value === all.password || 'passwordMismatch' }),
        )}
        label={t('newPassword.repeat')}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        problem={fieldError(t, errors.repeat?.message)}
      />
    </>
  );
}
