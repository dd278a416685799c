/**
 * GET analytics-data-download/generations/{id} (or /latest): a generation's state, polled
 * while it is queued or running; when it ends the report list is read again.
 */
import type { AnalyticsGenerationView } from '@console/contracts/analytics';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../../lib/http';
import { analyticsReportsKey } from './list-analytics-reports';

export const GENERATION_POLL_MS = 1000;
export const analyticsGenerationKey = ['analytics-generation'] as const;

export const isRunning = (g: Pick<AnalyticsGenerationView, 'status'> | null | undefined) =>
  g?.status === 'queued' || g?.status === 'running';

/** The generation `id`, or the organization's latest one. */
export function useAnalyticsGeneration(id: string | 'latest', onEnd?: (g: AnalyticsGenerationView) => void) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...analyticsGenerationKey, id],
    queryFn: ({ signal }) =>
      http<{ generation: AnalyticsGenerationView | null }>(`analytics-data-download/generations/${encodeURIComponent(id)}`, {
        signal,
      }).then((r) => r.generation),
    refetchInterval: (q) => (isRunning(q.state.data) ? GENERATION_POLL_MS : false),
  });
  // Seen running, then ended: the files changed.
  const wasRunning = useRef(false);
  const generation = query.data;
  useEffect(() => {
    if (isRunning(generation)) wasRunning.current = true;
    else if (generation && wasRunning.current) {
      wasRunning.current = false;
      void client.invalidateQueries({ queryKey: analyticsReportsKey });
      onEnd?.(generation);
    }
  }, [generation, client, onEnd]);
  return query;
}
