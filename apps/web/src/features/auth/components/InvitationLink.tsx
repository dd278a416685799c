/**
 * An invitation's link, checked as its page loads (GET auth/invitation?token=): while it is
 * checked a spinner, named by the line beside it, says so; a link that no longer works says why and what to do next, with no
 * form to fill in for nothing (decision 049). Both invitation pages (into the console, and to
 * activate an account of the platform's app) use it.
 */
import { INVITATION_DAYS, type InvitationLinkState } from '@console/contracts/auth-constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { checkInvitation } from '../api/invitation';
import { linkCheck } from '../api/link-token';
import { AuthCard } from '../pages/AuthCard';

/** The link's check; a token the server could not even read is a link that does not work. */
const invitationLink = linkCheck('invitationLink', checkInvitation, (token) => token.length >= 10 && token.length <= 200);

export const prefetchInvitationLink = invitationLink.prefetch;

export function useInvitationLink(token: string) {
  const readable = invitationLink.readable(token);
  const link = invitationLink.useCheck(token);
  const refused = link.isError && isHttpError(link.error) && link.error.statusCode < 500 && link.error.statusCode !== 429;
  const state: InvitationLinkState | undefined = !readable || refused ? 'invalid' : link.data?.state;
  return {
    state,
    invitation: link.data?.invitation,
    failure: state ? undefined : link.isError ? link.error : undefined,
    retry: link.refetch,
  };
}

const titles: Record<Exclude<InvitationLinkState, 'valid'>, 'usedTitle' | 'replacedTitle' | 'expiredTitle' | 'invalidTitle'> = {
  used: 'usedTitle',
  replaced: 'replacedTitle',
  expired: 'expiredTitle',
  invalid: 'invalidTitle',
};

/** What the page shows until the link is known to work: checking, a failure to check, or why it does not work. */
export function InvitationLinkStatus({
  title,
  state,
  failure,
  retry,
}: {
  title: string;
  state: InvitationLinkState | undefined;
  failure: unknown;
  retry: () => void;
}) {
  const { t } = useT();
  const { localize } = useLocale();
  const checkingId = useId();
  if (failure) {
    return (
      <AuthCard title={title}>
        <Stack spacing={2}>
          <Alert severity="error" role="alert">
            {errorMessage(failure, 'errors:signIn.invitationFailed')}
          </Alert>
          <Button variant="contained" onClick={() => retry()}>
            {t('common:list.retry')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  if (!state) {
    return (
      <AuthCard title={title}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-labelledby={checkingId} />
          <Typography id={checkingId} role="status">
            {t('auth:invitationLink.checking')}
          </Typography>
        </Stack>
      </AuthCard>
    );
  }
  if (state === 'valid') return null;
  return (
    <AuthCard title={t(`auth:invitationLink.${titles[state]}`)}>
      <Stack spacing={2}>
        <Alert severity={state === 'used' ? 'info' : 'warning'} role="alert">
          {t(`auth:invitationLink.${state}`, { days: INVITATION_DAYS })}
        </Alert>
        {state === 'used' && (
          <Button component={Link} to={localize('/auth/password/forgot')}>
            {t('auth:signIn.forgot')}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
