/**
 * The Import status tab, also the constants/importStatus part (docs/product.md,
 * "Organization settings"): the organization's user imports by status with the newest
 * five, and the newest workflow imports into it with their workflows' counts.
 */
import { USER_IMPORT_STATUSES } from '@console/contracts/user-imports';
import Box from '@mui/material/Box';
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

/** A small table that scrolls inside its section on a phone, never the page. */
function ScrollingTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
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
    </Box>
  );
}

export function ImportStatusPanel({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  const status = useImportStatus(organizationId);
  const placeholder = listPlaceholder(status, false, { failedKey: 'organizations:settings.importStatus.load', empty: '' });
  if (placeholder || !status.data) return placeholder;
  const { userImports, workflowImports } = status.data;
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
            <Chip component="li" key={s} label={`${t(`userImports:status.${s}`)}: ${userImports.counts[s]}`} variant="outlined" />
          ))}
        </Stack>
        {userImports.latest.length === 0 ? (
          <Typography color="textSecondary">{t('organizations:settings.importStatus.noUserImports')}</Typography>
        ) : (
          <ScrollingTable
            label={t('organizations:settings.importStatus.latestUserImports')}
            head={[
              t('organizations:settings.importStatus.file'),
              t('organizations:settings.importStatus.status'),
              t('organizations:settings.importStatus.created'),
              t('organizations:settings.importStatus.rowsWithErrors'),
            ]}
          >
            {userImports.latest.map((u) => (
              <TableRow key={u.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{u.filename}</TableCell>
                <TableCell>{t(`userImports:status.${u.status}`)}</TableCell>
                <TableCell>{formatDateTime(u.createdAt)}</TableCell>
                <TableCell>{u.rowsWithErrors}</TableCell>
              </TableRow>
            ))}
          </ScrollingTable>
        )}
      </Section>
      <Section id="import-status-workflows" title={t('organizations:settings.importStatus.workflowImports')}>
        <Typography color="textSecondary" sx={{ mb: 1 }}>
          {t('organizations:settings.importStatus.workflowTotal', { count: workflowImports.total })}
        </Typography>
        {workflowImports.latest.length > 0 && (
          <ScrollingTable
            label={t('organizations:settings.importStatus.latestWorkflowImports')}
            head={[
              t('organizations:settings.importStatus.created'),
              t('organizations:settings.importStatus.completed'),
              t('organizations:settings.importStatus.failed'),
              t('organizations:settings.importStatus.waiting'),
              t('organizations:settings.importStatus.finished'),
            ]}
          >
            {workflowImports.latest.map((w) => (
              <TableRow key={w.id}>
                <TableCell>{formatDateTime(w.createdAt)}</TableCell>
                <TableCell>{w.completed}</TableCell>
                <TableCell>{w.failed}</TableCell>
                <TableCell>{w.pending + w.scheduled}</TableCell>
                <TableCell>{w.finishedAt ? formatDateTime(w.finishedAt) : t('organizations:settings.importStatus.running')}</TableCell>
              </TableRow>
            ))}
          </ScrollingTable>
        )}
      </Section>
    </Stack>
  );
}
