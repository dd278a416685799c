/**
 * The People screen (docs/product.md, "People"): the directory of the caller's organization,
 * read-only, for its Organizational Admins. Staff never appear in a customer's list: they
 * are users of the staff organization, and every read here is scoped to the caller's.
 *
 * A page ends with `next`, an opaque cursor (base64url of the last row's name without case
 * and id) that the next call sends as `after`: the list is walked by its index whatever the
 * depth, and no total is counted (a million users would make every page pay for it).
 */
import {
  isStorableText,
  type OrgRole,
  PERSON_GROUPS_SHOWN,
  type PeopleResponse,
  type PersonStatus,
  type PersonView,
  peopleErrorCodes,
  type UserSource,
} from '@console/contracts';
import type { AuthContext } from '../../http/auth-context.js';
import { NotFound, ValidationError } from '../../http/errors.js';
import type { PeopleFilter, PeopleRepository } from './people.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(after: { sortName: string; id: string }): string {
  return Buffer.from(JSON.stringify([after.sortName, after.id])).toString('base64url');
}

/** The row a page starts after; a cursor this server did not make is a 400. */
export function decodeCursor(cursor: string): { sortName: string; id: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !isStorableText(value[0]) ||
    typeof value[1] !== 'string' ||
    !UUID.test(value[1])
  ) {
    throw new ValidationError(
      'This is not a cursor of the people list: start from the first page.',
      undefined,
      peopleErrorCodes.cursorInvalid,
    );
  }
  return { sortName: value[0], id: value[1] };
}

const lastChange = (row: { createdAt: Date; updatedAt: Date | null }) => (row.updatedAt ?? row.createdAt).toISOString();

export function createPeopleService(deps: { repo: PeopleRepository }) {
  const { repo } = deps;
  return {
    async list(
      auth: AuthContext,
      query: { q?: string; status?: PersonStatus; source?: UserSource; after?: string; limit: number },
    ): Promise<PeopleResponse> {
      const filter: PeopleFilter = {
        q: query.q || undefined,
        status: query.status,
        source: query.source,
        after: query.after ? decodeCursor(query.after) : undefined,
        limit: query.limit,
      };
      const rows = await repo.page(auth.organizationId, filter);
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        people: shown.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          role: r.role as OrgRole,
          status: r.status,
          source: r.source as UserSource,
          updatedAt: lastChange(r),
        })),
        next: rows.length > query.limit && last ? encodeCursor({ sortName: last.sortName, id: last.id }) : null,
      };
    },

    async get(auth: AuthContext, id: string): Promise<{ person: PersonView }> {
      const row = await repo.person(auth.organizationId, id);
      if (!row) throw new NotFound('This person is not one of your organization’s users.', peopleErrorCodes.notFound);
      const groups = await repo.groups(auth.organizationId, id, PERSON_GROUPS_SHOWN);
      const { managerId, managerName, createdAt, updatedAt, lastLoginAt, ...profile } = row;
      return {
        person: {
          ...profile,
          role: row.role as OrgRole,
          source: row.source as UserSource,
          manager: managerId && managerName !== null ? { id: managerId, name: managerName } : null,
          createdAt: createdAt.toISOString(),
          updatedAt: lastChange(row),
          lastLoginAt: lastLoginAt?.toISOString() ?? null,
          groups: groups.map(({ id: groupId, name }) => ({ id: groupId, name })),
          moreGroups: Math.max(0, (groups[0]?.total ?? 0) - groups.length),
        },
      };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
