/**
 * The external API's in-memory caches (docs/decisions/009-external-api-caching.md): key rows
 * by key hash, users by id, and serialised workflow pages by the caller's scope and query.
 * Each entry belongs to an organization and is dropped when the change feed reports a
 * change of that organization's keys, users, workspaces, memberships or workflows; nothing
 * is served while the feed is not listening.
 */
import { workflowsResponse } from '@console/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../db/change-feed.js';
import { type OrgCache, orgCacheOn, readThrough } from '../../db/org-cache.js';
import type { AuthContext } from '../../http/auth-context.js';
import { type CompressedOnce, compressedOnce } from '../../http/compressed-once.js';
import type { KeyRow } from '../access-keys/access-key-auth.js';
import type { resolveBearerUser } from '../auth/principal.js';

/** The user rows the auth module resolves an idToken to (its principal, without secrets). */
type BearerUser = NonNullable<Parameters<typeof resolveBearerUser>[2]> extends OrgCache<infer U> ? U : never;

export const JSON_UTF8 = 'application/json; charset=utf-8';

export function createExternalApiCaches(feed: ChangeFeed | undefined) {
  if (!feed) return undefined;
  return {
    keys: orgCacheOn<KeyRow>(feed, 10_000),
    users: orgCacheOn<BearerUser>(feed, 10_000),
    // A page of 100 workflows is tens of kB, and its compressed forms a tenth of that: a thousand stay within tens of MB.
    workflowPages: orgCacheOn<WorkflowsPage>(feed, 1_000),
  };
}

const serializeWithSchema = serializerCompiler({
  schema: workflowsResponse,
  method: 'GET',
  url: '/workflows',
} as never) as (page: unknown) => string;

/** A page as it is sent: its JSON's UTF-8 bytes, and their compressed forms once asked for. */
export type WorkflowsPage = CompressedOnce;

/**
 * The same serialisation (and response check) as the route's zod schema, as UTF-8 bytes:
 * a cached page is then written to the socket as it is, neither encoded nor compressed
 * again for every call (each would be a visible share of a cached call's CPU: bench/history.md).
 */
export const serializeWorkflowsPage = (page: unknown): WorkflowsPage => compressedOnce(Buffer.from(serializeWithSchema(page)));

export interface WorkflowsQuery {
  page: number;
  limit: number;
  q?: string;
  workspaceId?: string;
}

/** Below Organizational Admin the page depends on the user's workspaces: keyed by user. */
function pageKey(auth: AuthContext, query: WorkflowsQuery): string {
  const scope = auth.role === 'org_admin' ? '' : auth.userId;
  // The free-text search last: it may hold the separator.
  return `${auth.organizationId}|${scope}|${query.page}|${query.limit}|${query.workspaceId ?? ''}|${query.q ?? ''}`;
}

/** The cached page, or undefined. */
export function peekWorkflowsPage(
  cache: OrgCache<WorkflowsPage> | undefined,
  auth: AuthContext,
  query: WorkflowsQuery,
): WorkflowsPage | undefined {
  return cache?.get(pageKey(auth, query));
}

export function cachedWorkflowsPage(
  cache: OrgCache<WorkflowsPage> | undefined,
  auth: AuthContext,
  query: WorkflowsQuery,
  load: () => Promise<WorkflowsPage>,
): Promise<WorkflowsPage> {
  return readThrough(cache, pageKey(auth, query), load, () => auth.organizationId);
}
