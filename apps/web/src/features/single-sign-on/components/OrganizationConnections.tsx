/**
 * An organization's single sign-on connections as a section of the staff organization page,
 * read-only for every staff role: each with its kind, whether it is enabled, when someone last
 * signed in through it, its identity provider, whom first arrival creates and, for SAML, until
 * when its trusted certificates are valid, so support answers "why can't our people sign in"
 * without asking for screenshots. "SSO login only" needs an enabled one that someone has signed
 * in through; its switch on the settings screen links here while there is none.
 */
import type { SsoConnectionView } from '@console/contracts/sso-connections';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { TitledSection } from '../../../lib/TitledSection';
import { useOrganizationConnections } from '../api';
import { ConnectionFacts } from './ConnectionFacts';

function StaffConnectionItem({ connection: c }: { connection: SsoConnectionView }) {
  const { t } = useT();
  const provider = c.kind === 'saml' ? c.saml?.idpEntityId : c.issuer;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {c.name}
          </Typography>
          <Chip
            size="small"
            color={c.enabled ? 'success' : 'default'}
            label={c.enabled ? t('ssoConnections:enabled') : t('ssoConnections:disabled')}
          />
        </Stack>
        <ConnectionFacts connection={c} />
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {provider ? t('ssoConnections:staff.provider', { provider }) : t('ssoConnections:staff.notConfigured')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {c.jit ? t('ssoConnections:staff.jitOn', { role: t(`ssoConnections:roles.${c.jitRole}`) }) : t('ssoConnections:staff.jitOff')}
        </Typography>
        {c.saml?.certificates.map((cert) => (
          <Typography key={cert.fingerprint} variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('ssoConnections:staff.certificate', { subject: cert.subject, date: formatDateTime(cert.notAfter) })}
          </Typography>
        ))}
      </Stack>
    </Paper>
  );
}

export default function OrganizationConnections({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  const list = useOrganizationConnections(organizationId);
  const connections = list.data?.connections ?? [];
  return (
    <TitledSection id="organization-sso-connections" title={t('ssoConnections:title')} intro={t('ssoConnections:staff.intro')}>
      {listPlaceholder(list, connections.length === 0, { failedKey: 'ssoConnections:loadFailed', empty: t('ssoConnections:staff.empty') })}
      {connections.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label={t('ssoConnections:staff.list')} sx={{ p: 0, m: 0 }}>
          {connections.map((c) => (
            <StaffConnectionItem key={c.id} connection={c} />
          ))}
        </Stack>
      )}
    </TitledSection>
  );
}
