/**
 * /auth/password/reset?token=: the link of a reset e-mail. It is checked as the page loads,
 * so a used or expired link says so at once, with a way to ask for a new one; a good link
 * shows the new password's fields (the policy's checklist), and once saved every session of
 * the account has ended (decision 051).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { NewPasswordFields, type NewPasswordValues, newPasswordDefaults } from '../../../lib/NewPasswordFields';
import { notify } from '../../../lib/notify';
import { linkCheck } from '../api/link-token';
import { checkPasswordReset, resetPassword } from '../api/password-reset';
import { AuthCard } from '../pages/AuthCard';

const INVALID = 'PASSWORD_RESET_INVALID';

const resetLink = linkCheck('passwordResetLink', checkPasswordReset, (token) => token.length >= 10);

export const prefetchResetLink = resetLink.prefetch;

export function ResetPasswordForm() {
  const { t } = useT();
  const { localize } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<{ ssoLoginOnly: boolean } | null>(null);
  const [spent, setSpent] = useState(false);
  const link = resetLink.useCheck(token);
  const form = useForm<NewPasswordValues>({ defaultValues: newPasswordDefaults, mode: 'onTouched' });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await resetPassword(token, password);
      setDone({ ssoLoginOnly: answer.ssoLoginOnly });
    } catch (err) {
      if (isHttpError(err) && err.code === INVALID) setSpent(true);
      else notify.error(errorMessage(err, 'errors:signIn.resetFailed'));
    }
  });

  if (done) {
    return (
      <AuthCard title={t('auth:reset.doneTitle')}>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {done.ssoLoginOnly ? t('auth:reset.doneSso') : t('auth:reset.done')}
          </Alert>
          <Button component={Link} to={localize('/')} variant="contained">
            {t('auth:reset.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const invalid = spent || !resetLink.readable(token) || (link.isError && isHttpError(link.error) && link.error.statusCode < 500);
  if (invalid || link.isError) {
    return (
      <AuthCard title={t('auth:reset.invalidTitle')}>
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {invalid ? t(`errors:codes.${INVALID}`) : errorMessage(link.error, 'errors:signIn.resetFailed')}
          </Alert>
          <Button component={Link} to={localize('/auth/password/forgot')} variant="contained">
            {t('auth:reset.requestNew')}
          </Button>
          <Button component={Link} to={localize('/')}>
            {t('auth:forgot.back')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!link.data) {
    return (
      <AuthCard title={t('auth:reset.title')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography role="status">{t('auth:reset.checking')}</Typography>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:reset.title')} subtitle={t('auth:reset.intro', { email: link.data.email })}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth:reset.title')}>
        <Stack spacing={2}>
          {/* The address with the new password, so that password managers save the pair. */}
          <input type="hidden" name="username" autoComplete="username" value={link.data.email} readOnly />
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            {t('auth:reset.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
