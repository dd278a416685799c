/** POST analytics-data-download: generate every report now; answers the generation (queued, or the one already queued). */
import type { AnalyticsGenerationView } from '@console/contracts/analytics';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const generateAnalyticsReports = () =>
  http<{ generation: AnalyticsGenerationView }>('analytics-data-download', { method: 'POST' }).then((r) => r.generation);

export function useGenerateAnalyticsReports() {
  return useMutation({ mutationFn: generateAnalyticsReports });
}
