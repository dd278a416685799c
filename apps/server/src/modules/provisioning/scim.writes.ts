/**
 * What SCIM's Users and Groups (scim-users.service.ts, scim-groups.service.ts) share: ids that
 * name no resource, the version a client read (If-Match), the one way a PUT or PATCH is
 * applied, the refusal of a name already taken, and the events the Provisioning screen shows.
 */
import type { EventAction } from '@console/contracts';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordEvent } from '../events/record.js';
import type { ProvisioningRepository, ScimEvent } from './provisioning.repository.js';
import type { ScimCaller } from './scim.auth.js';
import { applyPatch } from './scim.patch.js';
import { ScimError } from './scim.protocol.js';
import type { ResourceSchema } from './scim.schema.js';

type Json = Record<string, unknown>;
export type ResourceType = 'User' | 'Group';

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
}

export const notFound = (type: ResourceType, id: string) => new ScimError(404, `${type} ${id} not found.`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is no UUID names no resource: 404 before any look-up. */
export function known(type: ResourceType, id: string): string {
  if (!UUID.test(id)) throw notFound(type, id);
  return id;
}

/** 412 when the client's If-Match names another version than the current one. */
export function checkVersion(ifMatch: string | undefined, current: Json) {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const version = (current.meta as { version: string }).version;
  const tags = ifMatch.split(',').map((t) => t.trim());
  if (!tags.includes(version) && !tags.includes(version.replace(/^W\//, '')))
    throw new ScimError(412, 'The resource changed since it was read (If-Match does not match its version).');
}

/** A write that failed on a unique constraint as SCIM's 409 uniqueness; any other failure as it was. */
export function asUniqueness(err: unknown): unknown {
  if (!isUniqueViolation(err)) return err;
  const constraint = String(
    (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
      (err as { constraint?: string }).constraint ??
      '',
  );
  if (constraint.includes('employee')) return new ScimError(409, 'Another user of the organization has this employeeNumber.', 'uniqueness');
  if (constraint.includes('teams')) return new ScimError(409, 'A group with this displayName already exists.', 'uniqueness');
  if (constraint.includes('user_name')) return new ScimError(409, 'Another user of the organization has this userName.', 'uniqueness');
  return new ScimError(409, 'A user with this userName already exists.', 'uniqueness');
}

/** A PUT (the replacement) or a PATCH (operations on the current representation). */
export type ScimChange = { put: unknown } | { patch: unknown };

/**
 * PUT /{type}/{id} and PATCH /{type}/{id}, in one transaction: the row is locked, the
 * client's If-Match checked against its current representation, and the representation it
 * is to have (the PUT's, or the current one patched) handed to `write`. A failure of the
 * write is answered as `refusal` makes it.
 */
export async function applyChange<Row>(
  db: Db,
  resource: {
    type: ResourceType;
    schema: ResourceSchema;
    id: string;
    /** The row, locked for this transaction; undefined when the organization has no such resource. */
    find: (id: string, tx: Tx) => Promise<Row | undefined>;
    current: (row: Row, tx: Tx) => Json | Promise<Json>;
    write: (row: Row, next: unknown, method: 'PUT' | 'PATCH', tx: Tx) => Promise<void>;
    refusal: (err: unknown) => unknown;
  },
  change: ScimChange,
  ifMatch: string | undefined,
) {
  const { type, id } = resource;
  const method = 'put' in change ? 'PUT' : 'PATCH';
  try {
    await db.transaction(async (tx) => {
      const row = await resource.find(known(type, id), tx);
      if (!row) throw notFound(type, id);
      const current = await resource.current(row, tx);
      checkVersion(ifMatch, current);
      const next = 'put' in change ? change.put : applyPatch(resource.schema, current, change.patch);
      await resource.write(row, next, method, tx);
    });
  } catch (err) {
    throw await resource.refusal(err);
  }
}

type ScimWrite = Omit<ScimEvent, 'organizationId' | 'kind' | 'resourceId'> & {
  kind: Exclude<ScimEvent['kind'], 'refused'>;
  resourceId: string;
};

/**
 * Every write SCIM makes, and every one it refuses, is a line of the Provisioning screen
 * (scim_events); a write is also one event of the organization's trail, by the token, in the
 * write's transaction (one per user or group).
 */
export function createScimEvents(repo: Pick<ProvisioningRepository, 'insertEvent'>) {
  return {
    async record(caller: ScimCaller, e: ScimWrite, tx: Tx) {
      await repo.insertEvent({ organizationId: caller.organizationId, ...e }, tx);
      const user = e.resourceType === 'User';
      await recordEvent(tx, {
        action: `scim.${user ? 'user' : 'group'}.${e.kind}` as Extract<EventAction, `scim.${'user' | 'group'}.${string}`>,
        organizationId: caller.organizationId,
        actor: caller.actor,
        targets: [{ type: user ? 'user' : 'scim_group', id: e.resourceId, name: e.resourceName ?? '' }],
      });
    },
    /** Records a refused write (the routes' error handler), so the Provisioning screen shows why; it changed nothing: no event. */
    refused(
      caller: ScimCaller,
      e: { resourceType: ResourceType; resourceId?: string; resourceName?: string; method: string; status: number; reason: string },
    ) {
      return repo.insertEvent({ organizationId: caller.organizationId, kind: 'refused', ...e });
    },
  };
}

export type ScimEvents = ReturnType<typeof createScimEvents>;
