/**
 * The organization page's first sections (docs/product.md, "Organizations", Details): name,
 * id to copy, plan type, default group, creation date (YYYY-MM-DD HH:mm), client key, status
 * and counts; and the table of admin users (name, e-mail).
 */
import type { OrganizationView } from '@console/contracts/organizations';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { localeNames } from '../../../i18n/locales';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { formatDateTime } from '../../../lib/format';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { ClientKeyValue } from './ClientKeyValue';

/** One titled part of the organization page. */
export function PageSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

export function OrganizationDetails({ organization: o }: { organization: OrganizationView }) {
  const { t, i18n } = useT();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <PageSection id="organization-details" title={t('organizations:details.title')}>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow labelWidth={150} label={t('organizations:details.id')}>
          <Box component="code" sx={{ fontSize: '0.85em', overflowWrap: 'anywhere' }}>
            {o.id}
          </Box>
          <CopyButton value={o.id} label={t('organizations:details.copyId')} />
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.planType')}>
          {o.planType ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.locale')}>
          <span lang={o.locale}>{localeNames[o.locale]}</span>
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.platformAppUrl')}>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {o.platformAppUrl ?? t('organizations:details.platformAppUrlDefault')}
          </Box>
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.defaultGroup')}>
          {o.defaultGroup ?? '—'}
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.createdAt')}>
          {formatDateTime(o.createdAt)}
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.clientKey')}>
          <ClientKeyValue organization={o} />
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.status')}>
          {o.disabled
            ? t('organizations:details.disabledSince', { date: formatDateTime(o.disabledAt) })
            : t('organizations:details.active')}
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.workspaces')}>
          {n(o.workspacesCount)}
        </DetailRow>
        <DetailRow labelWidth={150} label={t('organizations:details.users')}>
          {t('organizations:list.admins', { count: o.adminsCount, n: n(o.adminsCount) })},{' '}
          {t('organizations:list.users', { count: o.regularUsersCount, n: n(o.regularUsersCount) })}
        </DetailRow>
      </Stack>
    </PageSection>
  );
}

export function OrganizationAdmins({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  return (
    <PageSection id="organization-admins" title={t('organizations:details.admins')}>
      {o.admins.length === 0 ? (
        <Typography color="textSecondary">{t('organizations:details.noAdmins')}</Typography>
      ) : (
        // On a phone each admin is a block: the name, then the e-mail under its column's name (lib/stacked-table.ts).
        <Table size="small" aria-labelledby="organization-admins" sx={[{ tableLayout: 'fixed' }, stackedOnPhone]}>
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
                <TableCell
                  sx={{
                    overflowWrap: 'anywhere',
                    fontWeight: { xs: 500, sm: 'inherit' },
                    color: a.disabled ? 'text.secondary' : undefined,
                  }}
                >
                  {a.disabled ? `${a.displayName} ${t('organizations:details.adminDisabled')}` : a.displayName}
                </TableCell>
                <TableCell data-label={t('organizations:details.adminEmail')} sx={{ overflowWrap: 'anywhere' }}>
                  {a.email ? <BreakableEmail email={a.email} /> : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {o.moreAdmins > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('organizations:details.moreAdmins', { n: o.moreAdmins })}
        </Typography>
      )}
    </PageSection>
  );
}
