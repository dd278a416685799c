/**
 * The Super area's look-ups: a user by e-mail, users by the start of their e-mail, a workflow by id or by name, and the signed
 * link to a workflow's source video. The routes admit staff only; staff see every
 * organization, so nothing here is scoped to the caller's own.
 */
import type { Readable } from 'node:stream';
import {
  type AllowedRoleType,
  LOOKUP_LIST_SHOWN,
  type LookupUserView,
  type LookupWorkflowView,
  lookupErrorCodes,
  lookupErrorMessages,
  lookupRoutes,
  type OrgRole,
  routePath,
  type SignInProvider,
  type UsersLookupResponse,
  WORKFLOW_VIDEO_URL_TTL_SECONDS,
  type WorkflowListItem,
  type WorkflowsSearchQuery,
} from '@console/contracts';
import type { Clock } from '../../deps.js';
import { AppError, Forbidden, NotFound } from '../../http/errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { UrlSigner } from '../../storage/signed-urls.js';
import type { LookupRepository, WorkflowSearchRow } from './lookup.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const person = (id: string | null, displayName: string | null, email: string | null) =>
  id && displayName !== null ? { id, displayName, email } : null;

/** The path a signed video link points at, under the API base path; the signature covers all of it. */
export function originalVideoFilePath(apiBasePath: string, workflowId: string): string {
  return `${apiBasePath}${routePath(lookupRoutes.originalVideoFile.path, { id: workflowId })}`;
}

const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
};
export const videoContentType = (key: string) => VIDEO_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

const workflowNotFound = () => new NotFound(lookupErrorMessages.workflowNotFound, lookupErrorCodes.workflowNotFound);
const noVideo = () => new NotFound(lookupErrorMessages.noVideo, lookupErrorCodes.noVideo);

function toListItem(r: WorkflowSearchRow): WorkflowListItem {
  return {
    id: r.id,
    title: r.title,
    stage: r.stage,
    organization: { id: r.organizationId, name: r.organizationName, disabled: r.organizationDisabledAt !== null },
    workspace: { id: r.workspaceId, name: r.workspaceName, private: r.workspacePrivate },
    createdAt: r.createdAt.toISOString(),
  };
}

export function createLookupService(deps: {
  repo: LookupRepository;
  blobs: BlobStore;
  signer: UrlSigner;
  apiBasePath: string;
  clock: Clock;
}) {
  const { repo, blobs, signer, apiBasePath, clock } = deps;

  return {
    async user(email: string): Promise<{ user: LookupUserView }> {
      const row = await repo.userByEmail(email);
      if (!row) throw new NotFound(lookupErrorMessages.userNotFound(email), lookupErrorCodes.userNotFound);
      const [groups, workspaces] = await Promise.all([
        repo.userTeams(row.id, LOOKUP_LIST_SHOWN),
        repo.userWorkspaces(row.id, LOOKUP_LIST_SHOWN),
      ]);
      return {
        user: {
          id: row.id,
          displayName: row.displayName,
          email: row.email,
          employeeId: row.employeeId,
          organization: {
            id: row.organizationId,
            name: row.organizationName,
            clientKey: row.clientKey,
            planType: row.planType,
            isStaff: row.organizationIsStaff,
            disabled: row.organizationDisabledAt !== null,
          },
          role: row.role as OrgRole,
          allowedRoleTypes: row.allowedRoleTypes as AllowedRoleType[],
          signInProvider: row.signInProvider as SignInProvider,
          disabled: row.disabledAt !== null,
          disabledAt: iso(row.disabledAt),
          createdAt: row.createdAt.toISOString(),
          createdBy: person(row.createdById, row.createdByName, row.createdByEmail),
          lastLoginAt: iso(row.lastLoginAt),
          invitedAt: iso(row.invitedAt),
          invitedBy: person(row.invitedById, row.invitedByName, row.invitedByEmail),
          source: row.source as LookupUserView['source'],
          profile: {
            givenName: row.givenName,
            familyName: row.familyName,
            formattedName: row.formattedName,
            userName: row.userName,
            workEmail: row.workEmail,
            title: row.title,
            phone: row.phone,
            department: row.department,
            costCenter: row.costCenter,
            division: row.division,
            organization: row.profileOrganization,
            manager: person(row.managerId, row.managerName, row.managerEmail),
            scimAttributes: row.scimAttributes,
          },
          groups: groups.map((g) => ({ id: g.id, name: g.name })),
          moreGroups: (groups[0]?.total ?? 0) - groups.length,
          workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, private: w.private })),
          moreWorkspaces: (workspaces[0]?.total ?? 0) - workspaces.length,
        },
      };
    },

    /** A page of the users whose e-mail starts with `email`; `next` when one more is there. */
    async users(query: { email: string; after?: string; limit: number }): Promise<UsersLookupResponse> {
      const rows = await repo.usersByEmailStart(query.email, { after: query.after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return {
        users: page.map((r) => ({
          id: r.id,
          displayName: r.displayName,
          email: r.email ?? '',
          disabled: r.disabledAt !== null,
          organization: { id: r.organizationId, name: r.organizationName, disabled: r.organizationDisabledAt !== null },
        })),
        next: rows.length > query.limit ? (page.at(-1)?.email ?? null) : null,
      };
    },

    async workflow(id: string): Promise<{ workflow: LookupWorkflowView }> {
      const row = await repo.workflowById(id);
      if (!row) throw workflowNotFound();
      const steps = await repo.workflowSteps(id);
      return {
        workflow: {
          id: row.id,
          title: row.title,
          name: row.title,
          description: row.description,
          stage: row.stage,
          organization: {
            id: row.organizationId,
            name: row.organizationName,
            clientKey: row.clientKey,
            disabled: row.organizationDisabledAt !== null,
          },
          workspace: {
            id: row.workspaceId,
            name: row.workspaceName,
            private: row.workspacePrivate,
            workspaceGroupName: row.workspaceGroupName,
          },
          author: person(row.authorId, row.authorName, row.authorEmail),
          sourceVideo: row.sourceVideoKey !== null,
          durationSeconds: row.durationSeconds,
          importedFromId: row.importedFromId,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          steps,
        },
      };
    },

    async search(query: WorkflowsSearchQuery): Promise<{ workflows: WorkflowListItem[]; total: number }> {
      const { rows, total } = await repo.searchWorkflows(query.q, query);
      return { workflows: rows.map(toListItem), total };
    },

    /** A link to the source video that works for WORKFLOW_VIDEO_URL_TTL_SECONDS. */
    async originalVideo(id: string): Promise<{ signedUrl: string; expiresAt: string }> {
      const row = await repo.workflowVideo(id);
      if (!row) throw workflowNotFound();
      if (!row.sourceVideoKey || !(await blobs.exists(row.sourceVideoKey))) throw noVideo();
      const expiresAt = new Date(clock.now().getTime() + WORKFLOW_VIDEO_URL_TTL_SECONDS * 1000);
      return { signedUrl: signer.sign(originalVideoFilePath(apiBasePath, id), expiresAt), expiresAt: expiresAt.toISOString() };
    },

    /** The video of a signed link: the signature first (403 forged, 410 expired), then the file. */
    async originalVideoFile(id: string, query: { expires: number; signature: string }): Promise<{ contentType: string; stream: Readable }> {
      const check = signer.verify(originalVideoFilePath(apiBasePath, id), query.expires, query.signature, clock.now());
      if (check === 'invalid') throw new Forbidden(lookupErrorMessages.linkInvalid, lookupErrorCodes.linkInvalid);
      if (check === 'expired') throw new AppError(410, lookupErrorCodes.linkExpired, lookupErrorMessages.linkExpired);
      const row = await repo.workflowVideo(id);
      if (!row) throw workflowNotFound();
      // Removed between the link and the click.
      if (!row.sourceVideoKey || !(await blobs.exists(row.sourceVideoKey))) throw noVideo();
      return { contentType: videoContentType(row.sourceVideoKey), stream: blobs.read(row.sourceVideoKey) };
    },
  };
}

export type LookupService = ReturnType<typeof createLookupService>;
