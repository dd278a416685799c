/**
 * /auth/{app?}/{status}: where single sign-on comes back (success or error), where a
 * one-time sign-in link lands (custom/sign-in), where an invitation sets a password
 * (invitation/accept into the console; invitation/activate and invitation/ready for people
 * of the platform's app), and the forgotten password's pages (password/forgot, password/reset).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { HttpError } from '../../../lib/http';
import { usePageTitle } from '../../../lib/page-title';
import { emailOfIdToken, meQuery } from '../api/session';
import { redeemSignInLink } from '../api/sign-in';
import { authFormLoader } from '../auth-forms';
import { useFinishSignIn } from '../components/use-finish-sign-in';
import { AuthCard } from './AuthCard';

const formComponents = new Map<string, ComponentType>();

/** The page's form as a lazy component, one per form so React keeps it between renders. */
function formOf(app?: string, status?: string): ComponentType | undefined {
  const load = authFormLoader(app, status);
  if (!load) return undefined;
  const key = `${app}/${status}`;
  if (!formComponents.has(key)) formComponents.set(key, lazy(load));
  return formComponents.get(key);
}

export function Component() {
  const { app, status } = useParams();
  const { t } = useT();
  usePageTitle(t('titles.auth'));
  const Form = formOf(app, status);
  if (Form) {
    return (
      <Suspense fallback={null}>
        <Form />
      </Suspense>
    );
  }
  return <SignInResult app={app} status={status} />;
}

/** Runs the sign-in once (a sign-in link works only once), then shows progress or the failure. */
function SignInResult({ app, status }: { app?: string; status?: string }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const finish = useFinishSignIn({ fromServer: true });
  const { localize } = useLocale();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      if (status === 'error') throw new HttpError('Single sign-on failed', params.get('code') ?? 'SSO_FAILED', 401);
      if (app === 'custom') {
        const token = params.get('token');
        if (!token) throw new HttpError('The link has no token', 'INVALID_TOKEN', 400);
        const { idToken } = await redeemSignInLink(token);
        const email = emailOfIdToken(idToken);
        if (!email) throw new HttpError('The token has no e-mail', 'INVALID_TOKEN', 400);
        return finish.withIdToken(idToken, email);
      }
      // Single sign-on came back: the server opened the session and set its cookies.
      await finish.welcome(await queryClient.fetchQuery({ ...meQuery, staleTime: 0 }));
    };
    run().catch(async (err: unknown) => {
      setFailure(errorMessage(err, 'errors:signIn.ssoFailed'));
      await finish.fail(err, 'errors:signIn.ssoFailed', { notice: false });
    });
  });

  return (
    <AuthCard title={failure ? t('auth:result.failedTitle') : t('auth:result.signingInTitle')}>
      {failure ? (
        <Stack spacing={2}>
          <Alert severity="error">{failure}</Alert>
          <Button component={Link} to={localize('/')} variant="contained">
            {t('auth:result.backToSignIn')}
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography role="status">{t('auth:signIn.signingIn')}</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
