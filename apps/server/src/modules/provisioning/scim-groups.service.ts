/**
 * SCIM's Groups of one organization (docs/decisions/036-scim-provisioning.md): a Group is a
 * team, its members the organization's users. Every write, and every refused one, is an
 * event the Provisioning screen shows.
 */
import type { Db } from '../../db/client.js';
import type { ScimCaller } from './scim.auth.js';
import { paging } from './scim.input.js';
import { listResponse, MAX_RESULTS } from './scim.protocol.js';
import { groupResource, readGroup } from './scim.resources.js';
import { groupSchema } from './scim.schema.js';
import { applyChange, asUniqueness, known, type ListQuery, notFound, type ScimChange, type ScimEvents } from './scim.writes.js';
import type { ScimGroupsRepository } from './scim-groups.repository.js';

export function createScimGroupsService(deps: { db: Db; repo: ScimGroupsRepository; events: ScimEvents }) {
  const { db, repo, events } = deps;

  async function getGroup(caller: ScimCaller, id: string, baseUrl: string, tx: Db = db) {
    const row = await repo.findTeam(caller.organizationId, known('Group', id), {}, tx);
    if (!row) throw notFound('Group', id);
    return groupResource(row, (await repo.membersOf([id], tx)).get(id) ?? [], baseUrl);
  }

  return {
    async listGroups(caller: ScimCaller, query: ListQuery & { excludedAttributes?: string }, baseUrl: string) {
      const where = repo.matching(query.filter);
      const page = paging(query, MAX_RESULTS);
      const { rows, total } = await repo.listTeams(caller.organizationId, where, page);
      const withoutMembers = /(^|,)\s*members\s*(,|$)/i.test(query.excludedAttributes ?? '');
      const members = withoutMembers ? new Map() : await repo.membersOf(rows.map((r) => r.id));
      return listResponse(
        rows.map((r) => groupResource(r, members.get(r.id) ?? [], baseUrl)),
        total,
        page.startIndex,
      );
    },

    getGroup,

    async createGroup(caller: ScimCaller, body: unknown, baseUrl: string) {
      const group = readGroup(body);
      try {
        const id = await db.transaction(async (tx) => {
          const teamId = await repo.insertTeam(caller.organizationId, group, tx);
          if (group.memberIds) await repo.setMembers(caller.organizationId, teamId, group.memberIds, tx);
          await events.record(
            caller,
            { kind: 'created', resourceType: 'Group', resourceId: teamId, resourceName: group.name, method: 'POST', status: 201 },
            tx,
          );
          return teamId;
        });
        return getGroup(caller, id, baseUrl);
      } catch (err) {
        throw asUniqueness(err);
      }
    },

    /** PUT /Groups/{id} (replace) and PATCH /Groups/{id} (operations on the current representation). */
    async changeGroup(caller: ScimCaller, id: string, change: ScimChange, ifMatch: string | undefined, baseUrl: string) {
      await applyChange(
        db,
        {
          type: 'Group',
          schema: groupSchema,
          id,
          find: (teamId, tx) => repo.findTeam(caller.organizationId, teamId, { lock: true }, tx),
          current: async (row, tx) => groupResource(row, (await repo.membersOf([id], tx)).get(id) ?? [], baseUrl),
          write: async (_row, next, method, tx) => {
            const group = readGroup(next);
            await repo.updateTeam(caller.organizationId, id, group, tx);
            // PUT without members leaves them (Okta sends displayName alone); after a PATCH, no
            // members attribute means none left (scim-patch drops an emptied list).
            const memberIds = group.memberIds ?? (method === 'PATCH' ? [] : undefined);
            if (memberIds) await repo.setMembers(caller.organizationId, id, memberIds, tx);
            await events.record(
              caller,
              { kind: 'updated', resourceType: 'Group', resourceId: id, resourceName: group.name, method, status: 200 },
              tx,
            );
          },
          refusal: asUniqueness,
        },
        change,
        ifMatch,
      );
      return getGroup(caller, id, baseUrl);
    },

    /** DELETE /Groups/{id}: the team goes, with its memberships (the users stay). */
    async deleteGroup(caller: ScimCaller, id: string) {
      await db.transaction(async (tx) => {
        const row = await repo.findTeam(caller.organizationId, known('Group', id), { lock: true }, tx);
        if (!row) throw notFound('Group', id);
        await repo.deleteTeam(caller.organizationId, id, tx);
        await events.record(
          caller,
          { kind: 'deleted', resourceType: 'Group', resourceId: id, resourceName: row.name, method: 'DELETE', status: 204 },
          tx,
        );
      });
    },
  };
}

export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
