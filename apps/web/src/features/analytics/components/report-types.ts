/** The report types as the page names them, and the file size in the user's language. */
import { ANALYTICS_REPORT_PREFIXES, type AnalyticsReportPrefix } from '@console/contracts/analytics';
import type { ParseKeys } from 'i18next';

export const reportTypeLabel: Record<AnalyticsReportPrefix, ParseKeys<'analytics'>> = {
  completions: 'types.completions',
  users: 'types.users',
  'skill-progress': 'types.skillProgress',
};

export function parsePrefix(value: string | null): AnalyticsReportPrefix | undefined {
  return ANALYTICS_REPORT_PREFIXES.find((p) => p === value);
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}
