/**
 * "Generate now": queues a generation of every report and follows it (polled) to its end,
 * with a notice. A generation already running (the daily one, say) shows the same progress.
 */
import type { AnalyticsGenerationView } from '@console/contracts/analytics';
import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { analyticsGenerationKeys, isRunning, useAnalyticsGeneration, useGenerateAnalyticsReports } from '../api/analytics-generations';

export function GeneratePanel() {
  const { t } = useT();
  const client = useQueryClient();
  const generate = useGenerateAnalyticsReports();
  /** The generation this page asked for: only its end is announced. */
  const requested = useRef<string | null>(null);
  const onEnd = useCallback(
    (g: AnalyticsGenerationView) => {
      if (g.id !== requested.current) return;
      requested.current = null;
      if (g.status === 'completed') notify.success(t('analytics:generate.done'));
      else notify.error(t('analytics:generate.failed'));
    },
    [t],
  );
  const latest = useAnalyticsGeneration('latest', onEnd);
  const generation = latest.data;
  const running = isRunning(generation) || generate.isPending;

  async function onGenerate() {
    try {
      const g = await generate.mutateAsync();
      requested.current = g.id;
      client.setQueryData(analyticsGenerationKeys.one('latest'), g);
    } catch (err) {
      notify.error(errorMessage(err, 'analytics:generate.requestFailed'));
    }
  }

  const label = generation?.status === 'running' ? t('analytics:generate.running') : t('analytics:generate.queued');
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={onGenerate} disabled={running}>
        {t('analytics:generate.action')}
      </Button>
      {running ? (
        <Stack spacing={0.5} sx={{ width: '100%', maxWidth: 420 }} role="status">
          <LinearProgress aria-label={label} />
          <Typography variant="caption" color="textSecondary">
            {label}
          </Typography>
        </Stack>
      ) : (
        generation?.finishedAt && (
          <Typography variant="caption" color={generation.status === 'failed' ? 'error' : 'text.secondary'} role="status">
            {generation.status === 'failed'
              ? t('analytics:generate.lastFailed', { date: formatDateTime(generation.finishedAt) })
              : t('analytics:generate.last', { date: formatDateTime(generation.finishedAt) })}
          </Typography>
        )
      )}
    </Stack>
  );
}
