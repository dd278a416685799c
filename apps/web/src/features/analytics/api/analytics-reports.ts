/** The organization's reports, newest first, each with a short-lived signed url; read again before the urls expire. */
import type { AnalyticsLink, AnalyticsReportPrefix } from '@console/contracts/analytics';
import { dashboardRoutes } from '@console/contracts/dashboard-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const analyticsReportKeys = {
  all: ['analytics-reports'] as const,
  list: (prefix?: AnalyticsReportPrefix) => [...analyticsReportKeys.all, prefix ?? 'all'] as const,
};

/** Read the list again this long before its links expire, so a link on screen is one that works. */
const RENEW_BEFORE_MS = 60_000;
const MIN_REFRESH_MS = 10_000;

export function analyticsReportsQuery(prefix?: AnalyticsReportPrefix) {
  return queryOptions({
    queryKey: analyticsReportKeys.list(prefix),
    queryFn: ({ signal }) => api(dashboardRoutes.analyticsReports, { query: { prefix } }, { signal }).then((r) => r.urls),
  });
}

/** When the list should be read again: before the first link expires. */
export function refreshInMs(urls: readonly AnalyticsLink[] | undefined, now = Date.now()): number | false {
  if (!urls || urls.length === 0) return false;
  const first = Math.min(...urls.map((u) => Date.parse(u.expiresAt)));
  return Math.max(MIN_REFRESH_MS, first - now - RENEW_BEFORE_MS);
}

/** Whether a link is about to expire (the tab slept, say): then it is renewed before use. */
export function isExpiring(link: Pick<AnalyticsLink, 'expiresAt'>, now = Date.now()): boolean {
  return Date.parse(link.expiresAt) - now < MIN_REFRESH_MS;
}

export function useAnalyticsReports(prefix?: AnalyticsReportPrefix) {
  return useQuery({
    ...analyticsReportsQuery(prefix),
    refetchInterval: (query) => refreshInMs(query.state.data),
    refetchOnWindowFocus: true,
  });
}
