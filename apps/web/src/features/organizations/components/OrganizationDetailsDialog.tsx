/**
 * The organization details dialog (spec section 2): name, plan type, default group,
 * creation date (YYYY-MM-DD HH:mm) and the table of admin users (name, e-mail), with the
 * organization's id to copy.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useOrganization } from '../api/get-organization';
import { ClientKeyValue } from './ClientKeyValue';
import { ManagersSection } from './ManagersSection';

/** "Import workflows" into this organization: staff with update, organizations that are not disabled. */
export function ImportWorkflowsButton({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  const { localize } = useLocale();
  const canUpdate = useSession()?.allowedRoleTypes.includes('update') ?? false;
  if (!canUpdate || o.disabled) return null;
  return (
    <Button
      component={Link}
      to={localize(`/super/organizations/${o.id}/new-workflow-import`)}
      variant="outlined"
      startIcon={<MoveDownIcon />}
      aria-label={t('workflowImports:openLabel', { name: o.name })}
      sx={{ mt: 2 }}
    >
      {t('workflowImports:open')}
    </Button>
  );
}

function Details({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  const canUpdate = useSession()?.allowedRoleTypes.includes('update') ?? false;
  const { localize } = useLocale();
  return (
    <>
      <Button
        component={Link}
        to={localize(`/super/organizations/${o.id}/settings`)}
        startIcon={<SettingsIcon />}
        variant="outlined"
        size="small"
        sx={{ mb: 1 }}
      >
        {t('orgSettings:open')}
      </Button>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow labelWidth={140} label={t('super:details.name')}>
          {o.name}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.id')}>
          <code>{o.id}</code>
          <CopyButton value={o.id} label={t('super:details.copyId')} />
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.planType')}>
          {o.planType ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.defaultGroup')}>
          {o.defaultGroup ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.createdAt')}>
          {formatDateTime(o.createdAt)}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.clientKey')}>
          <ClientKeyValue organization={o} />
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.status')}>
          {o.disabled ? t('super:details.disabledSince', { date: formatDateTime(o.disabledAt) }) : t('super:details.active')}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.workspaces')}>
          {o.workspacesCount}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('super:details.users')}>
          {t('super:organizations.admins', { count: o.adminsCount })}, {t('super:organizations.users', { count: o.regularUsersCount })}
        </DetailRow>
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }} id="organization-admins">
        {t('super:details.admins')}
      </Typography>
      {o.admins.length === 0 ? (
        <Typography color="text.secondary">{t('super:details.noAdmins')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="organization-admins">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('super:details.adminName')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('super:details.adminEmail')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {o.admins.map((a) => (
              <TableRow key={a.id}>
                <TableCell sx={{ overflowWrap: 'anywhere', color: a.disabled ? 'text.secondary' : undefined }}>
                  {a.disabled ? `${a.displayName} ${t('super:details.adminDisabled')}` : a.displayName}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {o.moreAdmins > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('super:details.moreAdmins', { n: o.moreAdmins })}
        </Typography>
      )}
      <ManagersSection organization={o} canUpdate={canUpdate} />
      <ImportWorkflowsButton organization={o} />
    </>
  );
}

export function OrganizationDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useT();
  const { data, error, isPending } = useOrganization(id);
  return (
    <AppDialog open size="details" title={t('super:details.title')} onClose={onClose}>
      {isPending && (
        <Stack spacing={1} aria-busy="true">
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </Stack>
      )}
      {error && <Alert severity="error">{errorMessage(error, 'super:errors.load')}</Alert>}
      {data && <Details organization={data} />}
    </AppDialog>
  );
}
