/**
 * Users and teams as SCIM resources, and back (docs/decisions/036-scim-provisioning.md):
 * userName is the e-mail the user signs in with; the enterprise employeeNumber is the
 * employee ID; a Group is a team. What clients send is read leniently where real clients
 * differ (Entra ID's "False", PATCH operations written "Replace"), strictly where a value
 * would be wrong.
 */
import { createHash } from 'node:crypto';
import { readBoolean } from './scim.patch.js';
import { ScimError, schemas } from './scim.protocol.js';
import type { ScimTeamRow, ScimUserFields, ScimUserRow } from './scim.repository.js';

type Json = Record<string, unknown>;
type Member = { value: string; display: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

/** A weak entity tag of a representation: it changes whenever anything the client can read changes. */
function versionOf(resource: Json): string {
  const { meta: _meta, ...content } = resource;
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
}

function withMeta(resource: Json, meta: { resourceType: string; created: Date; lastModified: Date; location: string }): Json {
  return {
    ...resource,
    meta: {
      resourceType: meta.resourceType,
      created: meta.created.toISOString(),
      lastModified: meta.lastModified.toISOString(),
      location: meta.location,
      version: versionOf(resource),
    },
  };
}

export function userResource(row: ScimUserRow, groups: Member[], baseUrl: string): Json {
  const resource: Json = {
    schemas: row.employeeId ? [schemas.user, schemas.enterpriseUser] : [schemas.user],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.email,
    name: {
      formatted: row.displayName,
      ...(row.givenName !== null && { givenName: row.givenName }),
      ...(row.familyName !== null && { familyName: row.familyName }),
    },
    displayName: row.displayName,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    active: row.disabledAt === null,
    groups,
    ...(row.employeeId && { [schemas.enterpriseUser]: { employeeNumber: row.employeeId } }),
  };
  return withMeta(resource, {
    resourceType: 'User',
    created: row.createdAt,
    lastModified: row.updatedAt ?? row.createdAt,
    location: `${baseUrl}/Users/${row.id}`,
  });
}

export function groupResource(row: ScimTeamRow, members: Member[], baseUrl: string): Json {
  const resource: Json = {
    schemas: [schemas.group],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    displayName: row.name,
    members,
  };
  return withMeta(resource, {
    resourceType: 'Group',
    created: row.createdAt,
    lastModified: row.createdAt,
    location: `${baseUrl}/Groups/${row.id}`,
  });
}

function optionalText(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw invalidValue(`${name} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > TEXT_MAX) throw invalidValue(`${name} is longer than ${TEXT_MAX} characters.`);
  return trimmed || null;
}

function asObject(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** The fields of a User resource a client sent (POST, PUT, or the result of a PATCH), and its `active`. */
export function readUser(body: unknown): { fields: ScimUserFields; active: boolean } {
  const user = asObject(body);
  if (typeof user.userName !== 'string' || !user.userName.trim()) throw invalidValue('userName is required.');
  const email = user.userName.trim();
  if (!EMAIL.test(email) || email.length > 254) throw invalidValue('userName must be the e-mail address the user signs in with.');
  const name = asObject(user.name);
  const givenName = optionalText(name.givenName, 'name.givenName');
  const familyName = optionalText(name.familyName, 'name.familyName');
  const displayName =
    optionalText(user.displayName, 'displayName') ??
    optionalText(name.formatted, 'name.formatted') ??
    ([givenName, familyName].filter(Boolean).join(' ') || email);
  const enterprise = asObject(user[schemas.enterpriseUser]);
  return {
    fields: {
      email,
      displayName,
      givenName,
      familyName,
      employeeId: optionalText(enterprise.employeeNumber, 'employeeNumber'),
      externalId: optionalText(user.externalId, 'externalId'),
    },
    active: user.active === undefined ? true : readBoolean(user.active, 'active'),
  };
}

export function readGroup(body: unknown): { name: string; externalId: string | null; memberIds: string[] | undefined } {
  const group = asObject(body);
  const name = optionalText(group.displayName, 'displayName');
  if (!name) throw invalidValue('displayName is required.');
  const members = group.members;
  if (members !== undefined && !Array.isArray(members)) throw invalidValue('members must be a list.');
  return {
    name,
    externalId: optionalText(group.externalId, 'externalId'),
    // A value that is no user id names no user of the organization: left out, as unknown ids are.
    memberIds: members
      ?.map((m) => {
        const value = asObject(m).value;
        if (typeof value !== 'string') throw invalidValue('Each member needs a value (the user id).');
        return value;
      })
      .filter((id) => UUID.test(id)),
  };
}
