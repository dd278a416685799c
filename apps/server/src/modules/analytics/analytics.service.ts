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
import type { Db } from '../../db/client.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { AppError, Forbidden, NotFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import { actorOf, recordEvent } from '../events/record.js';
import type { AnalyticsRepository, GenerationRow, ReportRow } from './analytics.repository.js';
import type { AnalyticsReports } from './generate.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toGenerationView(row: GenerationRow): AnalyticsGenerationView {
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
export function reportFilePath(apiBasePath: string, report: Pick<ReportRow, 'id' | 'name'>): string {
  return `${apiBasePath}/analytics-data-download/files/${report.id}/${encodeURIComponent(report.name)}`;
}

const noReport = () => new NotFound(analyticsErrorMessages.noReport, analyticsErrorCodes.noReport);

export interface AnalyticsServiceDeps {
  db: Db;
  repo: AnalyticsRepository;
  blobs: BlobStore;
  clock: Clock;
  /** Signs and checks the download paths. */
  signer: UrlSigner;
  /** Queues a generation on demand. */
  reports: Pick<AnalyticsReports, 'enqueue'>;
  /** API_BASE_PATH: the signed paths are under it. */
  apiBasePath: string;
  /** ANALYTICS_DOWNLOAD_URL_TTL_SECONDS: how long a listed link works. */
  downloadUrlTtlSeconds: number;
}

export function createAnalyticsService({
  db,
  repo,
  blobs,
  clock,
  signer,
  reports,
  apiBasePath,
  downloadUrlTtlSeconds,
}: AnalyticsServiceDeps) {
  return {
    async list(auth: AuthContext, prefix?: AnalyticsReportPrefix): Promise<{ urls: AnalyticsLink[] }> {
      const expiresAt = new Date(clock.now().getTime() + downloadUrlTtlSeconds * 1000);
      const rows = await repo.listReports(auth.organizationId, prefix);
      return {
        urls: rows.map((r) => ({
          id: r.id,
          name: r.name,
          url: signer.sign(reportFilePath(apiBasePath, r), expiresAt),
          prefix: r.type as AnalyticsReportPrefix,
          generatedAt: r.generatedAt.toISOString(),
          sizeBytes: r.sizeBytes,
          rowCount: r.rowCount,
          expiresAt: expiresAt.toISOString(),
        })),
      };
    },

    async generate(auth: AuthContext): Promise<AnalyticsGenerationView> {
      return toGenerationView(await reports.enqueue(auth.organizationId, auth.userId, actorOf(auth)));
    },

    async generation(auth: AuthContext, id: string): Promise<AnalyticsGenerationView> {
      const row = await repo.findGeneration(id);
      if (!row || row.organizationId !== auth.organizationId) {
        throw new NotFound(analyticsErrorMessages.generationNotFound, analyticsErrorCodes.generationNotFound);
      }
      return toGenerationView(row);
    },

    async latestGeneration(auth: AuthContext): Promise<AnalyticsGenerationView | null> {
      const row = await repo.latestGeneration(auth.organizationId);
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
      const check = signer.verify(reportFilePath(apiBasePath, params), query.expires, query.signature, clock.now());
      if (check === 'invalid') throw new Forbidden(analyticsErrorMessages.linkInvalid, analyticsErrorCodes.linkInvalid);
      if (check === 'expired') throw new AppError(410, analyticsErrorCodes.linkExpired, analyticsErrorMessages.linkExpired);
      const report = await repo.findReport(params.id);
      if (!report || report.organizationId !== auth.organizationId || report.name !== params.name) throw noReport();
      // Pruned or replaced between the list and the click.
      if (!(await blobs.exists(report.blobKey))) throw noReport();
      await db.transaction((tx) =>
        recordEvent(tx, {
          action: 'analytics_report.downloaded',
          organizationId: auth.organizationId,
          actor: actorOf(auth),
          targets: [{ type: 'analytics_report', id: report.id, name: report.name }],
        }),
      );
      return { name: report.name, sizeBytes: report.sizeBytes, stream: blobs.read(report.blobKey) };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
