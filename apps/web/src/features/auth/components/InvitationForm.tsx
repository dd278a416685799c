/** /auth/invitation/accept?token=: an invited user chooses a password and is signed in. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { HttpError } from '../../../lib/http';
import { NewPasswordFields, type NewPasswordValues, newPasswordDefaults } from '../../../lib/NewPasswordFields';
import { useWait } from '../../../lib/wait-overlay';
import { acceptInvitation } from '../api/invitation';
import { emailOfIdToken } from '../api/session';
import { AuthCard } from '../pages/AuthCard';
import { useFinishSignIn } from './use-finish-sign-in';

export function InvitationForm() {
  const { t } = useT();
  const [params] = useSearchParams();
  const { productName } = useAppConfig();
  const wait = useWait();
  const finish = useFinishSignIn();
  const form = useForm<NewPasswordValues>({ defaultValues: newPasswordDefaults, mode: 'onTouched' });
  const { isSubmitting } = form.formState;
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
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" loading={isSubmitting} disabled={!token}>
            {t('auth:invitation.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
