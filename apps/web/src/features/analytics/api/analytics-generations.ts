/**
 * Generations of the reports: "Generate now", and a generation's state (by id, or the
 * organization's latest), polled while it is queued or running; when it ends the report
 * list is read again.
 */
import { type AnalyticsGenerationView, analyticsRoutes as routes } from '@console/contracts/analytics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { analyticsReportKeys } from './analytics-reports';

export const GENERATION_POLL_MS = 1000;

export const analyticsGenerationKeys = {
  all: ['analytics-generation'] as const,
  one: (id: string | 'latest') => [...analyticsGenerationKeys.all, id] as const,
};

export const isRunning = (g: Pick<AnalyticsGenerationView, 'status'> | null | undefined) =>
  g?.status === 'queued' || g?.status === 'running';

const fetchGeneration = (id: string | 'latest', signal: AbortSignal) =>
  (id === 'latest' ? api(routes.latestGeneration, {}, { signal }) : api(routes.generation, { params: { id } }, { signal })).then(
    (r) => r.generation,
  );

/** The generation `id`, or the organization's latest one. */
export function useAnalyticsGeneration(id: string | 'latest', onEnd?: (g: AnalyticsGenerationView) => void) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: analyticsGenerationKeys.one(id),
    queryFn: ({ signal }) => fetchGeneration(id, signal),
    refetchInterval: (q) => (isRunning(q.state.data) ? GENERATION_POLL_MS : false),
  });
  // Seen running, then ended: the files changed.
  const wasRunning = useRef(false);
  const generation = query.data;
  useEffect(() => {
    if (isRunning(generation)) wasRunning.current = true;
    else if (generation && wasRunning.current) {
      wasRunning.current = false;
      void client.invalidateQueries({ queryKey: analyticsReportKeys.all });
      onEnd?.(generation);
    }
  }, [generation, client, onEnd]);
  return query;
}

/** Generates every report now; answers the generation (queued, or the one already queued). */
export function useGenerateAnalyticsReports() {
  return useMutation({ mutationFn: () => api(routes.generate, {}).then((r) => r.generation) });
}
