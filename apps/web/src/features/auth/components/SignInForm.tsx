/**
 * Sign-in: the e-mail step first (it never tells whether the account exists, but says
 * when the organization signs in only with single sign-on), then the password step. When
 * the address's domain has single sign-on connections, the e-mail step goes there instead:
 * straight to the one, or a choice between several.
 */

import type { AppAccountDetails, CheckResponse, SsoProvider } from '@console/contracts/auth';
import { SIGN_IN_PASSWORD_MIN } from '@console/contracts/auth-constants';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { OutlinedField } from '../../../lib/OutlinedField';
import { REDIRECT_PARAM, ssoReturnTarget } from '../../../lib/redirect';
import { fieldError } from '../../../lib/validation';
import { useWait } from '../../../lib/wait-overlay';
import { checkEmail, discoverConnections, signInWithPassword, ssoConnectionStartUrl } from '../api/sign-in';
import { EmailForm } from './EmailForm';
import { useCheckedField, useEmailField } from './Field';
import { SsoButtons } from './SsoButtons';
import { checkSignInPassword } from './sign-in-rules';
import { useFinishSignIn } from './use-finish-sign-in';

interface Connection {
  id: string;
  name: string;
}

export function SignInForm({ ssoProviders }: { ssoProviders: readonly SsoProvider[] }) {
  const [checked, setChecked] = useState<CheckResponse | null>(null);
  const [choice, setChoice] = useState<{ email: string; connections: Connection[] } | null>(null);
  if (choice) return <ConnectionChoice {...choice} onBack={() => setChoice(null)} />;
  return checked ? (
    <PasswordStep checked={checked} onBack={() => setChecked(null)} />
  ) : (
    <EmailStep onChecked={setChecked} onConnections={setChoice} ssoProviders={ssoProviders} />
  );
}

/** Where a connection's sign-in starts, back to where the person was going. */
function useConnectionStart() {
  const [params] = useSearchParams();
  const { locale } = useLocale();
  return (id: string) => window.location.assign(ssoConnectionStartUrl(id, ssoReturnTarget(params.get(REDIRECT_PARAM), locale)));
}

/** Several connections serve the address's domain: the person picks theirs. */
function ConnectionChoice({ email, connections, onBack }: { email: string; connections: Connection[]; onBack: () => void }) {
  const { t } = useT();
  const start = useConnectionStart();
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 600 }}>{email}</Typography>
      <Typography>{t('auth:signIn.chooseConnection')}</Typography>
      {connections.map((c) => (
        <Button key={c.id} variant="outlined" size="large" onClick={() => start(c.id)}>
          {t('auth:signIn.withConnection', { name: c.name })}
        </Button>
      ))}
      <Button onClick={onBack} size="small" sx={{ alignSelf: 'flex-start' }}>
        {t('auth:signIn.changeEmail')}
      </Button>
    </Stack>
  );
}

function EmailStep({
  onChecked,
  onConnections,
  ssoProviders,
}: {
  onChecked: (checked: CheckResponse) => void;
  onConnections: (choice: { email: string; connections: Connection[] }) => void;
  ssoProviders: readonly SsoProvider[];
}) {
  const { t } = useT();
  const email = useEmailField();
  const start = useConnectionStart();

  const next = async (value: string) => {
    // The domain's connections, asked beside the e-mail check; without an answer, the password as before.
    const [checked, { connections }] = await Promise.all([
      checkEmail(value),
      discoverConnections(value).catch(() => ({ connections: [] as Connection[] })),
    ]);
    if (connections.length === 1) return start(connections[0].id);
    if (connections.length > 1) return onConnections({ email: value, connections });
    onChecked({ ...checked, user: { ...checked.user, email: value } });
  };

  return (
    <Stack spacing={3}>
      <EmailForm
        field={email}
        texts={{ label: t('auth:signIn.emailStep'), submit: t('auth:signIn.next') }}
        failedKey="errors:signIn.checkFailed"
        onEmail={next}
      />
      {ssoProviders.length > 0 && (
        <>
          <Divider>{t('auth:signIn.or')}</Divider>
          <SsoButtons providers={ssoProviders} />
        </>
      )}
    </Stack>
  );
}

function PasswordStep({ checked, onBack }: { checked: CheckResponse; onBack: () => void }) {
  const { t } = useT();
  const wait = useWait();
  const finish = useFinishSignIn();
  const password = useCheckedField(checkSignInPassword);
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Why the server refused the password (wrong, locked out…), said under the field until the next keystroke. */
  const [refused, setRefused] = useState<string | null>(null);
  /** The right password of someone of the platform's app: where their app is, said once, above the form. */
  const [appAccount, setAppAccount] = useState<AppAccountDetails | null>(null);
  const email = checked.user.email;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.validate() || busy) return;
    setBusy(true);
    const hide = wait.show(t('auth:signIn.signingIn'));
    try {
      const { idToken } = await signInWithPassword(email, password.value);
      await finish.withIdToken(idToken, email);
    } catch (err) {
      password.reset();
      const app = appAccountOf(err);
      setAppAccount(app);
      // A refusal of these credentials (4xx) goes under the field too, not only in the notice;
      // the platform's app's people get one message with its link, neither notice nor field error.
      setRefused(!app && isHttpError(err) && err.statusCode < 500 ? errorMessage(err, 'errors:signIn.failed') : null);
      await finish.fail(err, undefined, { notice: !app });
    } finally {
      hide();
      setBusy(false);
    }
  };

  const chooseAnother = (
    <Button onClick={onBack} size="small" sx={{ alignSelf: 'flex-start' }}>
      {t('auth:signIn.changeEmail')}
    </Button>
  );

  if (checked.ssoData.required) {
    return (
      <Stack spacing={2}>
        <Typography sx={{ fontWeight: 600 }}>{email}</Typography>
        <Alert severity="info">{t('errors:codes.SSO_REQUIRED')}</Alert>
        <SsoButtons providers={checked.ssoData.providers} email={email} />
        {chooseAnother}
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('auth:signIn.passwordStep')}>
      <Stack spacing={2}>
        {appAccount && <AppAccountAlert details={appAccount} />}
        {/* The e-mail goes with the password so that password managers save the pair. */}
        <OutlinedField name="username" label={t('auth:signIn.email')} value={email} autoComplete="username" readOnly />
        <OutlinedField
          name="password"
          label={t('auth:signIn.password')}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus
          value={password.value}
          onChange={(event) => {
            setRefused(null);
            password.onChange(event);
          }}
          problem={fieldError(t, password.problem, { min: SIGN_IN_PASSWORD_MIN }) ?? refused}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('auth:signIn.hidePassword') : t('auth:signIn.showPassword')}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          {t('auth:signIn.submit')}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          {chooseAnother}
          <ForgotPasswordLink email={email} />
        </Stack>
      </Stack>
    </Box>
  );
}

function appAccountOf(err: unknown): AppAccountDetails | null {
  if (!isHttpError(err) || err.code !== 'APP_ACCOUNT') return null;
  const details = err.details as Partial<AppAccountDetails> | undefined;
  return {
    appUrl: typeof details?.appUrl === 'string' ? details.appUrl : null,
    organizationName: typeof details?.organizationName === 'string' ? details.organizationName : '',
  };
}

/** 403 APP_ACCOUNT: this console is for administrators, and the person's account works in the platform's app, here. */
function AppAccountAlert({ details }: { details: AppAccountDetails }) {
  const { t } = useT();
  const { productName } = useAppConfig();
  const values = { product: productName, organization: details.organizationName };
  return (
    <Alert severity="info" role="alert" sx={{ overflowWrap: 'anywhere' }}>
      {details.appUrl ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <span>{t('auth:signIn.appAccount', values)}</span>
          <MuiLink href={details.appUrl}>{details.appUrl}</MuiLink>
          <Button href={details.appUrl} variant="contained" size="small">
            {t('auth:activation.openApp', values)}
          </Button>
        </Stack>
      ) : (
        t('auth:signIn.appAccountNoAddress', values)
      )}
    </Alert>
  );
}

/** "Forgot your password?": the reset request's page, with the address already typed (in the history's state, not the URL). */
function ForgotPasswordLink({ email }: { email: string }) {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <Button component={Link} to={localize('/auth/password/forgot')} state={{ email }} size="small">
      {t('auth:signIn.forgot')}
    </Button>
  );
}
