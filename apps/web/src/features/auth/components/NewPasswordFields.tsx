/**
 * A new password chosen twice, with the policy's checklist ticking as it is typed: the
 * fields of every page that sets a password (an invitation, a password reset), on the
 * caller's react-hook-form form.
 */
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { PasswordRulesList } from '../../../lib/PasswordRulesList';
import { unmetPasswordRules } from '../../../lib/password-rules';
import { fieldError } from '../../../lib/validation';

export interface NewPasswordValues {
  password: string;
  repeat: string;
}

export const newPasswordDefaults: NewPasswordValues = { password: '', repeat: '' };

export function NewPasswordFields({ form }: { form: UseFormReturn<NewPasswordValues> }) {
  const { t } = useT();
  const { errors } = form.formState;
  const password = form.watch('password');
  return (
    <>
      <TextField
        {...form.register('password', {
          required: 'required',
          validate: (value) => unmetPasswordRules(value).length === 0 || 'passwordPolicy',
        })}
        label={t('auth:invitation.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        fullWidth
        error={!!errors.password}
        helperText={fieldError(t, errors.password?.message)}
        slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }}
      />
      <PasswordRulesList
        id="password-rules"
        password={password}
        title={t('auth:invitation.rulesTitle')}
        metLabel={t('auth:invitation.ruleMet')}
        notMetLabel={t('auth:invitation.ruleNotMet')}
        ruleLabel={(rule, limits) => t(`auth:invitation.rules.${rule}`, limits)}
      />
      <TextField
        {...form.register('repeat', { validate: (value, all) => value === all.password || 'passwordMismatch' })}
        label={t('auth:invitation.repeat')}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        error={!!errors.repeat}
        helperText={fieldError(t, errors.repeat?.message)}
      />
    </>
  );
}
