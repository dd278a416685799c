/**
 * The access keys of an organization, for its Organizational Admins (docs/product.md,
 * "Access keys"). The route guard checks the role; every query here is scoped to the
 * caller's organization, so another organization's key is simply not found.
 */

import { isDeepStrictEqual } from 'node:util';
import {
  type AccessKeyBody,
  type AccessKeyView,
  accessKeyErrorCodes,
  type EventAction,
  GRACE_PERIOD_MS,
  type GracePeriod,
  type PageQuery,
  type UpdateAccessKeyBody,
} from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import { type OrgCache, readThrough } from '../../db/org-cache.js';
import type { Clock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { actorOf, recordEvent } from '../events/record.js';
import { generateAccessKey } from './access-key.js';
import type { AccessKeyRow, AccessKeysRepository } from './access-keys.repository.js';

/** A page of the keys list, as its route answers it. */
export interface AccessKeysPage {
  integrations: AccessKeyView[];
  total: number;
}

export function toAccessKeyView(row: AccessKeyRow): AccessKeyView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    keyPrefix: row.keyPrefix,
    keyLast4: row.keyLast4,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.creatorId ? { id: row.creatorId, displayName: row.creatorName ?? '', email: row.creatorEmail ?? null } : null,
    updatedAt: row.updatedAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    previousKeyExpiresAt: row.previousKeyExpiresAt?.toISOString() ?? null,
    permissions: row.permissions,
    actsAlone: row.actsAlone,
  };
}

type AccessKeyAction = Extract<EventAction, `access_key.${string}`>;

const notFound = () => new NotFound('Access key not found.', accessKeyErrorCodes.notFound);
const limitReached = (max: number) =>
  new Conflict(`This organization already has ${max} access keys, the most allowed: delete one first.`, accessKeyErrorCodes.limitReached, {
    max,
  });

export function createAccessKeysService(deps: {
  db: Db;
  repo: AccessKeysRepository;
  clock: Clock;
  /** Keys an organization may hold (ACCESS_KEYS_PER_ORGANIZATION_MAX): each key is a way in to keep track of. */
  maxKeys: number;
  /** Pages of the keys list by organization, page and size (docs/decisions/039-console-caches.md). */
  pages?: OrgCache<AccessKeysPage>;
}) {
  const { db, repo, clock, pages } = deps;
  /** The event of the caller's change to a key, named as it is (or was, for a deletion). */
  const record = (tx: Tx, auth: AuthContext, action: AccessKeyAction, key: { id: string; name: string }, data?: Record<string, unknown>) =>
    recordEvent(tx, {
      action,
      organizationId: auth.organizationId,
      actor: actorOf(auth),
      targets: [{ type: 'access_key', id: key.id, name: key.name }],
      data,
    });

  async function view(auth: AuthContext, id: string, tx: Db = db) {
    const row = await repo.findById(auth.organizationId, id, tx);
    if (!row) throw notFound();
    return toAccessKeyView(row);
  }

  return {
    list(auth: AuthContext, page: PageQuery): Promise<AccessKeysPage> {
      return readThrough(
        pages,
        `${auth.organizationId}|${page.page}|${page.limit}`,
        async () => {
          const { rows, total } = await repo.list(auth.organizationId, page);
          return { integrations: rows.map(toAccessKeyView), total };
        },
        () => auth.organizationId,
      );
    },

    /** Full access unless `body.permissions` says otherwise (the route's schema gives the same default). */
    async create(
      auth: AuthContext,
      body: Omit<AccessKeyBody, 'permissions' | 'actsAlone'> & Partial<Pick<AccessKeyBody, 'permissions' | 'actsAlone'>>,
    ) {
      const key = generateAccessKey();
      const result = await db.transaction(async (tx) => {
        // Counted with the organization's keys locked against concurrent creations, so the limit holds.
        if ((await repo.countForCreate(auth.organizationId, tx)) >= deps.maxKeys) throw limitReached(deps.maxKeys);
        const id = await repo.insert(
          {
            organizationId: auth.organizationId,
            name: body.name,
            description: body.description,
            permissions: body.permissions ?? 'full',
            actsAlone: body.actsAlone ?? false,
            createdBy: auth.userId,
            now: clock.now(),
            keyHash: key.hash,
            keyPrefix: key.prefix,
            keyLast4: key.last4,
          },
          tx,
        );
        const integration = await view(auth, id, tx);
        await record(tx, auth, 'access_key.created', integration, {
          permissions: integration.permissions,
          actsAlone: integration.actsAlone,
        });
        return { integration, accessKey: key.secret };
      });
      return result;
    },

    /** A change of name or description is one event, of permissions another, of acting alone a third (each said only when it happened). */
    async update(auth: AuthContext, id: string, body: UpdateAccessKeyBody) {
      const result = await db.transaction(async (tx) => {
        const before = await view(auth, id, tx);
        if (!(await repo.update(auth.organizationId, id, { ...body, now: clock.now() }, tx))) throw notFound();
        const integration = await view(auth, id, tx);
        const permissionsChanged = !isDeepStrictEqual(before.permissions, integration.permissions);
        const actsAloneChanged = before.actsAlone !== integration.actsAlone;
        if (
          (!permissionsChanged && !actsAloneChanged) ||
          before.name !== integration.name ||
          before.description !== integration.description
        ) {
          await record(tx, auth, 'access_key.updated', integration, {
            before: { name: before.name, description: before.description },
            after: { name: integration.name, description: integration.description },
          });
        }
        if (permissionsChanged) {
          await record(tx, auth, 'access_key.permissions_changed', integration, {
            before: before.permissions,
            after: integration.permissions,
          });
        }
        if (actsAloneChanged) {
          await record(tx, auth, 'access_key.acts_alone_changed', integration, { before: before.actsAlone, after: integration.actsAlone });
        }
        return { integration };
      });
      return result;
    },

    /** Deleting rejects the key (and any previous secret in its grace) at once. */
    async remove(auth: AuthContext, id: string) {
      const result = await db.transaction(async (tx) => {
        const removedIntegration = await view(auth, id, tx);
        await repo.remove(auth.organizationId, id, tx);
        await record(tx, auth, 'access_key.deleted', removedIntegration);
        return { removedIntegration };
      });
      return result;
    },

    async roll(auth: AuthContext, id: string, gracePeriod: GracePeriod) {
      const key = generateAccessKey();
      const now = clock.now();
      const graceMs = GRACE_PERIOD_MS[gracePeriod];
      const result = await db.transaction(async (tx) => {
        const replaced = await repo.replaceKey(
          auth.organizationId,
          id,
          {
            keyHash: key.hash,
            keyPrefix: key.prefix,
            keyLast4: key.last4,
            previousKeyExpiresAt: new Date(now.getTime() + graceMs),
            now,
          },
          tx,
        );
        if (!replaced) throw notFound();
        const integration = await view(auth, id, tx);
        await record(tx, auth, 'access_key.rolled', integration, { gracePeriod });
        return { integration, accessKey: key.secret };
      });
      return result;
    },
  };
}

export type AccessKeysService = ReturnType<typeof createAccessKeysService>;
