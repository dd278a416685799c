/**
 * The organization details dialog (docs/product.md, "Organizations", Details): name, plan type, default group,
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
import { paths } from '../../../lib/paths';
import { useOrganization } from '../../../lib/queries/organization';
import { useSession } from '../../../lib/session';
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
      to={localize(paths.newWorkflowImport(o.id))}
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
        to={localize(paths.organizationSettings(o.id))}
        startIcon={<SettingsIcon />}
        variant="outlined"
        size="small"
        sx={{ mb: 1 }}
      >
        {t('organizations:settings.open')}
      </Button>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow labelWidth={140} label={t('organizations:details.name')}>
          {o.name}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.id')}>
          <code>{o.id}</code>
          <CopyButton value={o.id} label={t('organizations:details.copyId')} />
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.planType')}>
          {o.planType ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.defaultGroup')}>
          {o.defaultGroup ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.createdAt')}>
          {formatDateTime(o.createdAt)}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.clientKey')}>
          <ClientKeyValue organization={o} />
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.status')}>
          {o.disabled
            ? t('organizations:details.disabledSince', { date: formatDateTime(o.disabledAt) })
            : t('organizations:details.active')}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.workspaces')}>
          {o.workspacesCount}
        </DetailRow>
        <DetailRow labelWidth={140} label={t('organizations:details.users')}>
          {t('organizations:list.admins', { count: o.adminsCount })}, {t('organizations:list.users', { count: o.regularUsersCount })}
        </DetailRow>
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }} id="organization-admins">
        {t('organizations:details.admins')}
      </Typography>
      {o.admins.length === 0 ? (
        <Typography color="text.secondary">{t('organizations:details.noAdmins')}</Typography>
      ) : (
        <Table size="small" aria-labelledby="organization-admins">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('organizations:details.adminName')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('organizations:details.adminEmail')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {o.admins.map((a) => (
              <TableRow key={a.id}>
                <TableCell sx={{ overflowWrap: 'anywhere', color: a.disabled ? 'text.secondary' : undefined }}>
                  {a.disabled ? `${a.displayName} ${t('organizations:details.adminDisabled')}` : a.displayName}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {o.moreAdmins > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('organizations:details.moreAdmins', { n: o.moreAdmins })}
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
    <AppDialog open size="details" title={t('organizations:details.title')} onClose={onClose}>
      {isPending && (
        <Stack spacing={1} aria-busy="true">
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </Stack>
      )}
      {error && <Alert severity="error">{errorMessage(error, 'organizations:errors.load')}</Alert>}
      {data && <Details organization={data} />}
    </AppDialog>
  );
}
