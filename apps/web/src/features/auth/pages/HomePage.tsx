/**
 * / (and /es, /fr, /pt): the home and sign-in page. After a session was ended by something
 * else than this browser (`?signedOut=<reason>`), it says why and what to do next.
 */
import { type SessionEndReason, sessionEndReasons } from '@console/contracts/auth-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { usePageTitle } from '../../../lib/page-title';
import { SignInForm } from '../components/SignInForm';
import { AuthCard } from './AuthCard';

/** Reasons with a next step beyond signing in again. */
const NEXT_STEPS: readonly SessionEndReason[] = ['sso_required', 'password_reset'];

function SignedOutNotice({ reason }: { reason: SessionEndReason }) {
  const { t } = useT();
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      {t(`auth:revoked.reasons.${reason}`)}
      {NEXT_STEPS.includes(reason) && <Box component="span"> {t(`auth:revoked.next.${reason as 'sso_required'}`)}</Box>}
    </Alert>
  );
}

export function Component() {
  const { t } = useT();
  const config = useAppConfig();
  const [params] = useSearchParams();
  const signedOut = sessionEndReasons.find((r) => r === params.get('signedOut'));
  usePageTitle(t('titles.signIn'));
  return (
    <AuthCard title={t('auth:signIn.title')} subtitle={t('auth:signIn.subtitle', { product: config.productName })}>
      {signedOut && <SignedOutNotice reason={signedOut} />}
      <SignInForm ssoProviders={config.ssoProviders} />
    </AuthCard>
  );
}
