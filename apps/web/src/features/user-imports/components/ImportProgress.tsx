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
