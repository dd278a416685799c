/**
 * Analytics reports: CSV files for LMS import (docs/product.md, "Analytics reports";
 * docs/decisions/007-analytics-reports.md).
 * Each file's name is `<prefix>-<YYYY-MM-DD>.csv`; the page filters by prefix.
 */
import { z } from 'zod';
import { dashboardCalls } from './dashboard-calls.js';
import { route } from './route.js';
import { text } from './text.js';

/** The report types, as the prefix of their file names. */
export const ANALYTICS_REPORT_PREFIXES = ['completions', 'users', 'skill-progress'] as const;
export const analyticsReportPrefix = z.enum(ANALYTICS_REPORT_PREFIXES);
export type AnalyticsReportPrefix = z.infer<typeof analyticsReportPrefix>;

/** The header row of each report type, in column order. */
export const ANALYTICS_REPORT_COLUMNS: Record<AnalyticsReportPrefix, readonly string[]> = {
  completions: ['email', 'employeeId', 'workflowId', 'workflowTitle', 'completedAt', 'timeSpentSeconds', 'score'],
  users: ['email', 'employeeId', 'name', 'role', 'disabled', 'createdAt', 'lastLoginAt', 'workspaces', 'teams'],
  'skill-progress': ['email', 'employeeId', 'skill', 'progress', 'assignedAt', 'achievedAt'],
};

/** `completions-2026-11-20.csv`: the prefix and the UTC day of generation. */
export function analyticsReportName(prefix: AnalyticsReportPrefix, day: Date): string {
  return `${prefix}-${day.toISOString().slice(0, 10)}.csv`;
}

export const analyticsDownloadQuery = z.object({
  prefix: analyticsReportPrefix.optional().describe('Only the reports whose name starts with this type prefix'),
});

/** An analytics link: its name and url (docs/product.md, "Analytics reports"), with what the page shows beside them. */
export const analyticsLink = z.object({
  id: z.uuid(),
  name: z.string().describe('File name: the type prefix and the day, e.g. completions-2026-11-20.csv'),
  url: z.string().describe('A short-lived signed download path on this server (see expiresAt)'),
  prefix: analyticsReportPrefix,
  generatedAt: z.string().describe('ISO 8601'),
  sizeBytes: z.number().int(),
  rowCount: z.number().int().describe('Data rows, without the header'),
  expiresAt: z.string().describe('ISO 8601: the url stops working then; list again for a new one'),
});
export type AnalyticsLink = z.infer<typeof analyticsLink>;
export const analyticsDownloadResponse = z.object({ urls: z.array(analyticsLink) });

export const ANALYTICS_GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type AnalyticsGenerationStatus = (typeof ANALYTICS_GENERATION_STATUSES)[number];
export const analyticsGenerationView = z.object({
  id: z.uuid(),
  status: z.enum(ANALYTICS_GENERATION_STATUSES),
  requestedAt: z.string().describe('ISO 8601'),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** English; the web app shows its own text for a failure. */
  error: z.string().nullable(),
});
export type AnalyticsGenerationView = z.infer<typeof analyticsGenerationView>;
export const analyticsGenerationResponse = z.object({ generation: analyticsGenerationView });
export const analyticsGenerationParams = z.object({ id: z.uuid() });
export const latestAnalyticsGenerationResponse = z.object({ generation: analyticsGenerationView.nullable() });

/** The signed download: the path names the report; the query carries the expiry and signature. */
export const analyticsFileParams = z.object({ id: z.uuid(), name: text().min(1).max(200) });
export const analyticsFileQuery = z.object({
  expires: z.coerce.number().int().positive().describe('Unix seconds'),
  signature: text().min(1).max(200).describe('base64url HMAC-SHA256 of the path and expires'),
});

export const analyticsErrorCodes = {
  noReport: 'ANALYTICS_REPORT_NOT_FOUND',
  generationNotFound: 'ANALYTICS_GENERATION_NOT_FOUND',
  linkInvalid: 'DOWNLOAD_LINK_INVALID',
  linkExpired: 'DOWNLOAD_LINK_EXPIRED',
} as const;

export const analyticsErrorMessages = {
  noReport: 'No report available',
  generationNotFound: 'This report generation was not found.',
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired. Open Analytics again for a new one.',
} as const;

const tags = ['Analytics'];

/**
 * The analytics calls of an Organizational Admin (docs/product.md, "Calls"). The download
 * answers the CSV file, so it has no `response`; its signed path comes from the list.
 */
export const analyticsRoutes = {
  list: route({
    ...dashboardCalls.analyticsReports,
    tags,
    description: 'The reports of your organization, newest first, each with a short-lived signed download url.',
    query: analyticsDownloadQuery,
    response: analyticsDownloadResponse,
  }),
  generate: route({
    method: 'POST',
    path: '/analytics-data-download',
    operationId: 'generateAnalyticsReports',
    tags,
    description: 'Generates every report of your organization now (answers the generation already queued, if any).',
    response: analyticsGenerationResponse,
    status: 202,
  }),
  latestGeneration: route({
    method: 'GET',
    path: '/analytics-data-download/generations/latest',
    operationId: 'getLatestAnalyticsGeneration',
    tags,
    response: latestAnalyticsGenerationResponse,
  }),
  generation: route({
    method: 'GET',
    path: '/analytics-data-download/generations/:id',
    operationId: 'getAnalyticsGeneration',
    tags,
    params: analyticsGenerationParams,
    response: analyticsGenerationResponse,
  }),
  download: route({
    method: 'GET',
    path: '/analytics-data-download/files/:id/:name',
    operationId: 'downloadAnalyticsReport',
    tags,
    description: 'The CSV file of a signed url from the list (403 forged, 410 expired).',
    params: analyticsFileParams,
    query: analyticsFileQuery,
  }),
};
