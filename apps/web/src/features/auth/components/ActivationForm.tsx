/**
 * /auth/invitation/activate?token=: the invitation of someone who works in the platform's app,
 * not this console (decision 049). The link is checked as the page loads; the person chooses a
 * password (the same rules and checklist as every new password) and lands on the account-ready
 * page, with no console session. An invitation into the console opened here goes to its page.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { NewPasswordFields, type NewPasswordValues, newPasswordDefaults } from '../../../lib/NewPasswordFields';
import { notify } from '../../../lib/notify';
import { activateInvitation } from '../api/invitation';
import { AuthCard } from '../pages/AuthCard';
import { InvitationLinkStatus, useInvitationLink } from './InvitationLink';

export { prefetchInvitationLink as prefetch } from './InvitationLink';

export function ActivationForm() {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { productName } = useAppConfig();
  const form = useForm<NewPasswordValues>({ defaultValues: newPasswordDefaults, mode: 'onTouched' });
  const token = params.get('token') ?? '';
  const link = useInvitationLink(token);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { email, appUrl } = await activateInvitation(token, password);
      navigate(localize('/auth/invitation/ready'), { replace: true, state: { email, appUrl } });
    } catch (err) {
      // Used up meanwhile (another tab, a newer invitation): the link's state says which.
      if (isHttpError(err) && err.code === 'INVITATION_INVALID') await link.retry();
      else notify.error(errorMessage(err, 'auth:activation.failed'));
    }
  });

  const title = t('auth:activation.title');
  if (link.state !== 'valid' || !link.invitation) {
    return <InvitationLinkStatus title={title} state={link.state} failure={link.failure} retry={link.retry} />;
  }
  const { invitation } = link;
  if (invitation.access === 'console') {
    return <Navigate replace to={localize(`/auth/invitation/accept?${new URLSearchParams({ token })}`)} />;
  }

  return (
    <AuthCard
      title={title}
      subtitle={t('auth:activation.intro', {
        name: invitation.displayName,
        product: productName,
        organization: invitation.organizationName,
      })}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <Stack spacing={2}>
          {/* The address with the new password, so that password managers save the pair. */}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
          <NewPasswordFields form={form} />
          <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
            {t('auth:activation.submit')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
