/** An import's details, live while it runs: file, status, dates, rows and the counts of users and invitations. */
import type { UserImportView } from '@console/contracts/user-imports';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { formatDateTime } from '../../../lib/format';
import { useUserImport } from '../api/get-user-import';
import { ImportProgress } from './ImportProgress';
import { StatusChip } from './StatusChip';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" color="text.secondary" sx={{ width: 170, flex: 'none' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

export function DetailsDialog({ initial, onClose, onErrors }: { initial: UserImportView; onClose: () => void; onErrors: () => void }) {
  const { t, i18n } = useT();
  const { data } = useUserImport(initial.id);
  const u = data ?? initial;
  const n = (v: number | null) => (v === null ? '—' : v.toLocaleString(i18n.language));
  return (
    <AppDialog open size="details" title={t('userImports:details.title')} onClose={onClose}>
      <Stack component="dl" sx={{ m: 0 }}>
        <Row label={t('userImports:details.filename')}>{u.filename}</Row>
        <Row label={t('userImports:details.status')}>
          <StatusChip status={u.status} onDetails={onErrors} />
        </Row>
        {u.status === 'processing' && (
          <Row label={t('userImports:details.progress')}>
            <ImportProgress userImport={u} />
          </Row>
        )}
        <Row label={t('userImports:details.created')}>{formatDateTime(u.createDate)}</Row>
        <Row label={t('userImports:details.started')}>{formatDateTime(u.startedAt) || '—'}</Row>
        <Row label={t('userImports:details.finished')}>{formatDateTime(u.finishedAt) || '—'}</Row>
        <Row label={t('userImports:details.rows')}>{n(u.rowsTotal ?? u.rowsRead)}</Row>
        <Row label={t('userImports:details.rowsApplied')}>{n(u.rowsApplied)}</Row>
        <Row label={t('userImports:details.rowsWithErrors')}>{n(u.rowsWithErrors)}</Row>
        <Row label={t('userImports:details.users')}>
          {t('userImports:details.userCounts', { created: n(u.usersCreated), updated: n(u.usersUpdated), failed: n(u.usersFailed) })}
        </Row>
        <Row label={t('userImports:details.invitations')}>
          {t('userImports:details.invitationCounts', {
            sent: n(u.invitationsSent),
            pending: n(u.invitationsPending),
            failed: n(u.invitationsFailed),
          })}
        </Row>
        <Row label={t('userImports:details.separator')}>
          <code>{u.columnSeparator === '\t' ? 'TAB' : u.columnSeparator}</code>
        </Row>
      </Stack>
    </AppDialog>
  );
}
