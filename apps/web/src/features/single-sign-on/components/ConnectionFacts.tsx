/**
 * What a connection is, under its name, on the admin's card and on the staff's list alike: its
 * kind, and when someone last signed in through it, or that nobody has yet (a test does not
 * count): "SSO login only" asks for an enabled one that someone has signed in through.
 */
import type { SsoConnectionView } from '@console/contracts/sso-connections';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';

export function ConnectionFacts({ connection: c }: { connection: Pick<SsoConnectionView, 'kind' | 'lastSignInAt'> }) {
  const { t } = useT();
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        {t(c.kind === 'saml' ? 'ssoConnections:kindSaml' : 'ssoConnections:kindOidc')}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {c.lastSignInAt ? t('ssoConnections:lastSignIn', { at: formatDateTime(c.lastSignInAt) }) : t('ssoConnections:noSignInYet')}
      </Typography>
    </>
  );
}
