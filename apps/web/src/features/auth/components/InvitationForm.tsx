/**
 * /auth/invitation/accept?token=: an invitation into the console. The link is checked as the
 * page loads (a used, replaced or expired one says so at once); the invited person chooses a
 * password and is signed in. Someone whose role has no console access is sent to the
 * activation page, where the same link readies their account of the platform's app.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { HttpError } from '../../../lib/http';
import { NewPasswordFields, type NewPasswordValues, newPasswordDefaults } from '../../../lib/NewPasswordFields';
import { useWait } from '../../../lib/wait-overlay';
import { acceptInvitation } from '../api/invitation';
import { emailOfIdToken } from '../api/session';
import { AuthCard } from '../pages/AuthCard';
import { InvitationLinkStatus, useInvitationLink } from './InvitationLink';

export { prefetchInvitationLink as prefetch } from './InvitationLink';

import { useFinishSignIn } from './use-finish-sign-in';

export function InvitationForm() {
  const { t } = useT();
  const { localize } = useLocale();
  const [params] = useSearchParams();
  const { productName } = useAppConfig();
  const wait = useWait();
  const finish = useFinishSignIn();
  const form = useForm<NewPasswordValues>({ defaultValues: newPasswordDefaults, mode: 'onTouched' });
  const { isSubmitting } = form.formState;
  const token = params.get('token') ?? '';
  const link = useInvitationLink(token);

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

  if (link.state !== 'valid' || !link.invitation) {
    return <InvitationLinkStatus title={t('auth:invitation.title')} state={link.state} failure={link.failure} retry={link.retry} />;
  }
  if (link.invitation.access === 'app') {
    return <Navigate replace to={localize(`/auth/invitation/activate?${new URLSearchParams({ token })}`)} />;
  }

  return (
    <AuthCard title={t('auth:invitation.title')} subtitle={t('auth:invitation.intro', { product: productName })}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('auth:invitation.title')}>
        <Stack spacing={2}>
          {/* The address with the new password, so that password managers save the pair. */}
          <input type="hidden" name="username" autoComplete="username" value={link.invitation.email} readOnly />
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('auth:invitation.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
