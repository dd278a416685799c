/** An import's details, live while it runs: file, status, dates, rows and the counts of users and invitations. */
import type { UserImportView } from '@console/contracts/user-imports';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { DetailRow } from '../../../lib/DetailRow';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { formatDateTime } from '../../../lib/format';
import { useUserImport } from '../api/user-imports';
import { ImportProgress, InvitationsProgress } from './ImportProgress';
import { SeparatorText } from './SeparatorText';
import { StatusChip } from './StatusChip';

export function DetailsDialog({ initial, onClose, onErrors }: { initial: UserImportView; onClose: () => void; onErrors: () => void }) {
  const { t, i18n } = useT();
  const { data } = useUserImport(initial.id);
  const u = data ?? initial;
  const n = (v: number | null) => (v === null ? '—' : v.toLocaleString(i18n.language));
  return (
    <AppDialog open size="details" title={t('userImports:details.title')} onClose={onClose}>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow label={t('userImports:details.filename')}>{u.filename}</DetailRow>
        <DetailRow label={t('userImports:details.status')}>
          <StatusChip status={u.status} onDetails={onErrors} />
        </DetailRow>
        {u.status === 'processing' && (
          <DetailRow label={t('userImports:details.progress')}>
            <ImportProgress userImport={u} />
          </DetailRow>
        )}
        <DetailRow label={t('userImports:details.created')}>{formatDateTime(u.createDate)}</DetailRow>
        <DetailRow label={t('userImports:details.started')}>{formatDateTime(u.startedAt) || '—'}</DetailRow>
        <DetailRow label={t('userImports:details.finished')}>{formatDateTime(u.finishedAt) || '—'}</DetailRow>
        <DetailRow label={t('userImports:details.rows')}>{n(u.rowsTotal ?? u.rowsRead)}</DetailRow>
        <DetailRow label={t('userImports:details.rowsApplied')}>{n(u.rowsApplied)}</DetailRow>
        <DetailRow label={t('userImports:details.rowsWithErrors')}>{n(u.rowsWithErrors)}</DetailRow>
        <DetailRow label={t('userImports:details.users')}>
          {t('userImports:details.userCounts', { created: n(u.usersCreated), updated: n(u.usersUpdated), failed: n(u.usersFailed) })}
        </DetailRow>
        <DetailRow label={t('userImports:details.invitations')}>
          {t('userImports:details.invitationCounts', {
            sent: n(u.invitationsSent),
            pending: n(u.invitationsPending),
            failed: n(u.invitationsFailed),
          })}
          <InvitationsProgress userImport={u} />
        </DetailRow>
        <DetailRow label={t('userImports:details.sendInvitations')}>
          {u.options.sendInvitations ? t('userImports:details.invitationsOn') : t('userImports:details.invitationsOff')}
        </DetailRow>
        <DetailRow label={t('userImports:details.separator')}>
          <SeparatorText userImport={u} />
        </DetailRow>
        <DetailRow label={t('userImports:details.encoding')}>
          {u.encoding ? t(`userImports:details.encodings.${u.encoding}`) : '—'}
        </DetailRow>
      </Stack>
    </AppDialog>
  );
}
