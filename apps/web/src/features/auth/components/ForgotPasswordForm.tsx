/**
 * /auth/password/forgot: the address of the account, then the same answer whether or
 * not it has one (decision 051): a link is on its way if it does. Staff are told they have
 * no password here.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from '../pages/AuthCard';
import { EmailForm } from './EmailForm';
import { useEmailField } from './Field';

export function ForgotPasswordForm() {
  const { t } = useT();
  const { locale, localize } = useLocale();
  const { productName } = useAppConfig();
  // The address the sign-in page was given, if it came from there.
  const given = (useLocation().state as { email?: unknown } | null)?.email;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const email = useEmailField(typeof given === 'string' ? given : '');
  const send = async (address: string) => {
    await requestPasswordReset(address, locale);
    setSentTo(address);
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
      <EmailForm
        field={email}
        texts={{ label: t('auth:forgot.title'), submit: t('auth:forgot.submit') }}
        failedKey="errors:signIn.resetRequestFailed"
        onEmail={send}
      >
        {back}
      </EmailForm>
    </AuthCard>
  );
}
