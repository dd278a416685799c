/**
 * /auth/password/forgot: the address of the account, then the same answer whether or
 * not it has one (decision 051): a link is on its way if it does. Staff are told they have
 * no password here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from '../pages/AuthCard';
import { EmailField, useEmailField } from './Field';

export function ForgotPasswordForm() {
  const { t } = useT();
  const { locale, localize } = useLocale();
  const { productName } = useAppConfig();
  // The address the sign-in page was given, if it came from there.
  const given = (useLocation().state as { email?: unknown } | null)?.email;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const email = useEmailField(typeof given === 'string' ? given : '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.validate() || busy) return;
    setBusy(true);
    try {
      const address = email.value.trim();
      await requestPasswordReset(address, locale);
      setSentTo(address);
    } catch (err) {
      notify.error(errorMessage(err, 'errors:signIn.resetRequestFailed'));
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <Button component={Link} to={localize('/')} variant={sentTo ? 'contained' : 'text'}>
      {t('auth:forgot.back')}
    </Button>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth:forgot.sentTitle')}>
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            {t('auth:forgot.sent', { email: sentTo })}
          </Alert>
          <Alert severity="info">{t('auth:forgot.staffNote', { product: productName })}</Alert>
          {back}
          <Button onClick={() => setSentTo(null)}>{t('auth:forgot.again')}</Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:forgot.title')} subtitle={t('auth:forgot.intro')}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth:forgot.title')}>
        <Stack spacing={2}>
          <EmailField field={email} />
          <Button type="submit" variant="contained" size="large" loading={busy}>
            {t('auth:forgot.submit')}
          </Button>
          {back}
        </Stack>
      </Box>
    </AuthCard>
  );
}
