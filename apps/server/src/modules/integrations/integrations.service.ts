/**
 * Integration access keys of an organization, for its Organizational Admins (the route
 * guard checks the role; every query here is scoped to the caller's organization, so
 * another organization's key is simply not found).
 */
import {
  GRACE_PERIOD_MS,
  type GracePeriod,
  type IntegrationBody,
  type IntegrationView,
  integrationErrorCodes,
  type PageQuery,
} from '@console/contracts';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { type Clock, systemClock } from '../../deps.js';
import type { AuthContext } from '../../http/auth-context.js';
import { NotFound } from '../../http/errors.js';
import { generateAccessKey } from './access-key.js';
import type { IntegrationRow, IntegrationsRepository } from './integrations.repository.js';

export function toIntegrationView(row: IntegrationRow): IntegrationView {
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
  };
}

const notFound = () => new NotFound('Access key not found.', integrationErrorCodes.notFound);

export function createIntegrationsService(deps: {
  db: Db;
  repo: IntegrationsRepository;
  clock: Clock;
  /** Told after a key is deleted or rolled, so this process's key cache forgets it at once. */
  changes?: Pick<ChangeFeed, 'changed'>;
}) {
  const { db, repo } = deps;
  const { clock } = deps;
  const changedKeys = <T>(auth: AuthContext, result: T) => {
    deps.changes?.changed(auth.organizationId);
    return result;
  };

  async function view(auth: AuthContext, id: string, tx: Db = db) {
    const row = await repo.findById(auth.organizationId, id, tx);
    if (!row) throw notFound();
    return toIntegrationView(row);
  }

  return {
    async list(auth: AuthContext, page: PageQuery) {
      const { rows, total } = await repo.list(auth.organizationId, page);
      return { integrations: rows.map(toIntegrationView), total };
    },

    async create(auth: AuthContext, body: IntegrationBody) {
      const key = generateAccessKey();
      return db.transaction(async (tx) => {
        const id = await repo.insert(
          {
            organizationId: auth.organizationId,
            name: body.name,
            description: body.description,
            createdBy: auth.userId,
            now: clock.now(),
            keyHash: key.hash,
            keyPrefix: key.prefix,
            keyLast4: key.last4,
          },
          tx,
        );
        await repo.audit({ organizationId: auth.organizationId, actorUserId: auth.userId, action: 'integration.create', targetId: id }, tx);
        return { integration: await view(auth, id, tx), accessKey: key.secret };
      });
    },

    async update(auth: AuthContext, id: string, body: IntegrationBody) {
      return db.transaction(async (tx) => {
        if (!(await repo.update(auth.organizationId, id, { ...body, now: clock.now() }, tx))) throw notFound();
        await repo.audit({ organizationId: auth.organizationId, actorUserId: auth.userId, action: 'integration.update', targetId: id }, tx);
        return { integration: await view(auth, id, tx) };
      });
    },

    /** Deleting rejects the key (and any previous secret in its grace) at once. */
    async remove(auth: AuthContext, id: string) {
      const result = await db.transaction(async (tx) => {
        const removedIntegration = await view(auth, id, tx);
        await repo.remove(auth.organizationId, id, tx);
        await repo.audit({ organizationId: auth.organizationId, actorUserId: auth.userId, action: 'integration.delete', targetId: id }, tx);
        return { removedIntegration };
      });
      return changedKeys(auth, result);
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
        await repo.audit(
          {
            organizationId: auth.organizationId,
            actorUserId: auth.userId,
            action: 'integration.roll',
            targetId: id,
            details: { gracePeriod },
          },
          tx,
        );
        return { integration: await view(auth, id, tx), accessKey: key.secret };
      });
      return changedKeys(auth, result);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
