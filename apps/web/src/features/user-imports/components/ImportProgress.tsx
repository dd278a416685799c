/** Rows read and rows applied of a running import, as a blue bar and counts. */
import type { UserImportView } from '@console/contracts/user-imports';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';

export function ImportProgress({ userImport: u }: { userImport: UserImportView }) {
  const { t, i18n } = useT();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const applying = u.phase === 'applying' || u.phase === 'retrying' || u.phase === 'done';
  const value = u.rowsTotal && applying ? Math.min(100, (100 * u.rowsApplied) / u.rowsTotal) : undefined;
  const label = t(`userImports:phase.${u.phase}`, { defaultValue: t('userImports:phase.queued') });
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }}>
      <LinearProgress variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} aria-label={label} />
      <Typography variant="caption" color="textSecondary">
        {label} · {t('userImports:progress.read', { count: u.rowsRead, n: n(u.rowsRead) })} ·{' '}
        {t('userImports:progress.applied', { count: u.rowsApplied, n: n(u.rowsApplied) })}
      </Typography>
    </Stack>
  );
}

/** About how long the rest takes, in the page's language: seconds, then minutes, then hours. */
function duration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 90
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 360) / 10, 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(value);
}

/**
 * An applied import whose invitations are still going out: how many are sent of how many,
 * and about how long the rest take; nothing once none is owed.
 */
export function InvitationsProgress({ userImport: u }: { userImport: UserImportView }) {
  const { t, i18n } = useT();
  if (u.invitationsPending <= 0 || u.status === 'processing') return null;
  const n = (value: number) => value.toLocaleString(i18n.language);
  const total = u.invitationsSent + u.invitationsPending + u.invitationsFailed;
  const done = u.invitationsSent + u.invitationsFailed;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }} data-invitations-progress>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? (100 * done) / total : 0}
        aria-label={t('userImports:list.invitationsSending', { sent: n(u.invitationsSent), total: n(total) })}
      />
      <Typography variant="caption" color="textSecondary">
        {t('userImports:list.invitationsSending', { sent: n(u.invitationsSent), total: n(total) })}
        {u.invitationsSecondsLeft !== null &&
          ` · ${t('userImports:list.invitationsTimeLeft', { time: duration(u.invitationsSecondsLeft, i18n.language) })}`}
      </Typography>
    </Stack>
  );
}
