/**
 * Analytics reports of an Organizational Admin's own organization: the list with signed
 * download paths, generation on demand, and the download itself.
 */
import type { Readable } from 'node:stream';
import {
  type AnalyticsGenerationView,
  type AnalyticsLink,
  type AnalyticsReportPrefix,
  analyticsErrorCodes,
  analyticsErrorMessages,
} from '@console/contracts';
import type { AppDeps } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { AppError, Forbidden, NotFound } from '../../http/errors.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import * as repo from './analytics.repository.js';

export const ANALYTICS_REPORTS_JOB = 'analytics-reports';
/** Generating the reports of a large organization on the embedded database can take a while. */
export const ANALYTICS_JOB_EXPIRE_SECONDS = 3 * 3600;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toGenerationView(row: repo.GenerationRow): AnalyticsGenerationView {
  return {
    id: row.id,
    status: row.status as AnalyticsGenerationView['status'],
    requestedAt: row.requestedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    error: row.error,
  };
}

/** The download path of a report, under the API base path; the signature covers all of it. */
export function reportFilePath(apiBasePath: string, report: Pick<repo.ReportRow, 'id' | 'name'>): string {
  return `${apiBasePath}/analytics-data-download/files/${report.id}/${encodeURIComponent(report.name)}`;
}

const noReport = () => new NotFound(analyticsErrorMessages.noReport, analyticsErrorCodes.noReport);

/** Queues a generation of the organization's reports (or answers the one already queued). */
export async function enqueueGeneration(deps: Pick<AppDeps, 'database' | 'jobs'>, organizationId: string, requestedBy: string | null) {
  const { generation, created } = await repo.requestGeneration(deps.database.db, organizationId, requestedBy);
  if (created) await sendGenerationJob(deps, generation.id);
  return generation;
}

export async function sendGenerationJob(deps: Pick<AppDeps, 'jobs'>, generationId: string): Promise<void> {
  await deps.jobs?.send(ANALYTICS_REPORTS_JOB, { generationId }, { expireInSeconds: ANALYTICS_JOB_EXPIRE_SECONDS });
}

export function createAnalyticsService(deps: AppDeps, signer: UrlSigner) {
  const db = deps.database.db;
  const { API_BASE_PATH, ANALYTICS_DOWNLOAD_URL_TTL_SECONDS } = deps.config;

  return {
    async list(auth: AuthContext, prefix?: AnalyticsReportPrefix): Promise<{ urls: AnalyticsLink[] }> {
      const expiresAt = new Date(deps.clock.now().getTime() + ANALYTICS_DOWNLOAD_URL_TTL_SECONDS * 1000);
      const rows = await repo.listReports(db, auth.organizationId, prefix);
      return {
        urls: rows.map((r) => ({
          id: r.id,
          name: r.name,
          url: signer.sign(reportFilePath(API_BASE_PATH, r), expiresAt),
          prefix: r.type as AnalyticsReportPrefix,
          generatedAt: r.generatedAt.toISOString(),
          sizeBytes: r.sizeBytes,
          rowCount: r.rowCount,
          expiresAt: expiresAt.toISOString(),
        })),
      };
    },

    async generate(auth: AuthContext): Promise<AnalyticsGenerationView> {
      return toGenerationView(await enqueueGeneration(deps, auth.organizationId, auth.userId));
    },

    async generation(auth: AuthContext, id: string): Promise<AnalyticsGenerationView> {
      const row = await repo.findGeneration(db, id);
      if (!row || row.organizationId !== auth.organizationId) {
        throw new NotFound(analyticsErrorMessages.generationNotFound, analyticsErrorCodes.generationNotFound);
      }
      return toGenerationView(row);
    },

    async latestGeneration(auth: AuthContext): Promise<AnalyticsGenerationView | null> {
      const row = await repo.latestGeneration(db, auth.organizationId);
      return row ? toGenerationView(row) : null;
    },

    /**
     * The file of a signed path: the signature first (403 forged, 410 expired), then the
     * report must be of the signed-in admin's own organization (else 404, as if absent).
     */
    async download(
      auth: AuthContext,
      params: { id: string; name: string },
      query: { expires: number; signature: string },
    ): Promise<{ name: string; sizeBytes: number; stream: Readable }> {
      const check = signer.verify(reportFilePath(API_BASE_PATH, params), query.expires, query.signature, deps.clock.now());
      if (check === 'invalid') throw new Forbidden(analyticsErrorMessages.linkInvalid, analyticsErrorCodes.linkInvalid);
      if (check === 'expired') throw new AppError(410, analyticsErrorCodes.linkExpired, analyticsErrorMessages.linkExpired);
      const report = await repo.findReport(db, params.id);
      if (!report || report.organizationId !== auth.organizationId || report.name !== params.name) throw noReport();
      // Pruned or replaced between the list and the click.
      if (!(await deps.blobs.exists(report.blobKey))) throw noReport();
      return { name: report.name, sizeBytes: report.sizeBytes, stream: deps.blobs.read(report.blobKey) };
    },
  };
}
