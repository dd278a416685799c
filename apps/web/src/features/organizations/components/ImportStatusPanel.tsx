/**
 * The Import status tab, also the constants/importStatus part (docs/product.md,
 * "Organization settings"): the organization's user imports by status with the newest
 * five, and the newest workflow imports into it with their workflows' counts.
 */
import { USER_IMPORT_STATUSES } from '@console/contracts/user-imports';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { useImportStatus } from '../api/import-status';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // minWidth 0: in a grid or flex column the section may shrink below its table's width (which then scrolls).
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A small table; on a phone its rows become blocks, each value under its column's name (lib/stacked-table.ts). */
function StatusTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Table size="small" aria-label={label} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          {head.map((c) => (
            <TableCell key={c} component="th" scope="col">
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

export function ImportStatusPanel({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useT();
  const status = useImportStatus(organizationId);
  const placeholder = listPlaceholder(status, false, { failedKey: 'organizations:settings.importStatus.load', empty: '' });
  if (placeholder || !status.data) return placeholder;
  const { userImports, workflowImports } = status.data;
  const userHead = [
    t('organizations:settings.importStatus.file'),
    t('organizations:settings.importStatus.status'),
    t('organizations:settings.importStatus.created'),
    t('organizations:settings.importStatus.rowsWithErrors'),
  ];
  const workflowHead = [
    t('organizations:settings.importStatus.created'),
    t('organizations:settings.importStatus.completed'),
    t('organizations:settings.importStatus.failed'),
    t('organizations:settings.importStatus.waiting'),
    t('organizations:settings.importStatus.finished'),
  ];
  return (
    <Stack spacing={2}>
      <Section id="import-status-users" title={t('organizations:settings.importStatus.userImports')}>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mb: 1, p: 0, listStyle: 'none' }}
          component="ul"
          aria-label={t('organizations:settings.importStatus.byStatus')}
        >
          {USER_IMPORT_STATUSES.map((s) => (
            <Chip
              component="li"
              key={s}
              label={`${t('userImports:summary.labelled', { label: t(`userImports:status.${s}`) })} ${userImports.counts[s].toLocaleString(i18n.language)}`}
              variant="outlined"
            />
          ))}
        </Stack>
        {userImports.latest.length === 0 ? (
          <Typography color="textSecondary">{t('organizations:settings.importStatus.noUserImports')}</Typography>
        ) : (
          <StatusTable label={t('organizations:settings.importStatus.latestUserImports')} head={userHead}>
            {userImports.latest.map((u) => (
              <TableRow key={u.id}>
                <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: { xs: 500, sm: 'inherit' } }}>{u.filename}</TableCell>
                <TableCell data-label={userHead[1]}>{t(`userImports:status.${u.status}`)}</TableCell>
                <TableCell data-label={userHead[2]}>{formatDateTime(u.createdAt)}</TableCell>
                <TableCell data-label={userHead[3]}>{u.rowsWithErrors}</TableCell>
              </TableRow>
            ))}
          </StatusTable>
        )}
      </Section>
      <Section id="import-status-workflows" title={t('organizations:settings.importStatus.workflowImports')}>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {t('organizations:settings.importStatus.workflowTotal', { count: workflowImports.total })}
        </Typography>
        {workflowImports.latest.length > 0 && (
          <StatusTable label={t('organizations:settings.importStatus.latestWorkflowImports')} head={workflowHead}>
            {workflowImports.latest.map((w) => (
              <TableRow key={w.id}>
                <TableCell data-label={workflowHead[0]}>{formatDateTime(w.createdAt)}</TableCell>
                <TableCell data-label={workflowHead[1]}>{w.completed}</TableCell>
                <TableCell data-label={workflowHead[2]}>{w.failed}</TableCell>
                <TableCell data-label={workflowHead[3]}>{w.pending + w.scheduled}</TableCell>
                <TableCell data-label={workflowHead[4]}>
                  {w.finishedAt ? formatDateTime(w.finishedAt) : t('organizations:settings.importStatus.running')}
                </TableCell>
              </TableRow>
            ))}
          </StatusTable>
        )}
      </Section>
    </Stack>
  );
}
