/** /auth/invitation/accept?token=: an invited user chooses a password and is signed in. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { HttpError } from '../../../lib/http';
import { PasswordRulesList } from '../../../lib/PasswordRulesList';
import { unmetPasswordRules } from '../../../lib/password-rules';
import { fieldError } from '../../../lib/validation';
import { useWait } from '../../../lib/wait-overlay';
import { acceptInvitation } from '../api/invitation';
import { emailOfIdToken } from '../api/session';
import { AuthCard } from '../pages/AuthCard';
import { useFinishSignIn } from './use-finish-sign-in';

interface Values {
  password: string;
  repeat: string;
}

export function InvitationForm() {
  const { t } = useT();
  const [params] = useSearchParams();
  const { productName } = useAppConfig();
  const wait = useWait();
  const finish = useFinishSignIn();
  const form = useForm<Values>({ defaultValues: { password: '', repeat: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('password');
  const token = params.get('token') ?? '';

  const submit = form.handleSubmit(async ({ password }) => {
    const hide = wait.show(t('auth:signIn.signingIn'));
    try {
      const { idToken } = await acceptInvitation(token, password);
      const email = emailOfIdToken(idToken);
      if (!email) throw new HttpError('The token has no e-mail', 'INVALID_TOKEN', 400);
      await finish.withIdToken(idToken, email);
    } catch (err) {
      await finish.fail(err, 'errors:signIn.invitationFailed');
    } finally {
      hide();
    }
  });

  return (
    <AuthCard title={t('auth:invitation.title')} subtitle={t('auth:invitation.intro', { product: productName })}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth:invitation.title')}>
        <Stack spacing={2}>
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
          <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={!token}>
            {t('auth:invitation.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
