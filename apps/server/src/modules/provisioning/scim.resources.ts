/**
 * Users and teams as SCIM resources, and back (docs/decisions/036-scim-provisioning.md):
 * userName is the e-mail the user signs in with; the enterprise employeeNumber is the
 * employee ID; a Group is a team. What clients send is read leniently where real clients
 * differ (Entra ID's "False", PATCH operations written "Replace"), strictly where a value
 * would be wrong.
 */
import { createHash } from 'node:crypto';
import { ScimError as ScimPatchError, type ScimPatchOperation, scimPatch } from 'scim-patch';
import { ScimError, schemas } from './scim.protocol.js';
import type { ScimTeamRow, ScimUserFields, ScimUserRow } from './scim.repository.js';

type Json = Record<string, unknown>;
type Member = { value: string; display: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 200;

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

/** Entra ID sends booleans as "True"/"False". */
export function readBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(`${name} must be true or false.`);
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
    memberIds: members?.map((m) => {
      const value = asObject(m).value;
      if (typeof value !== 'string') throw invalidValue('Each member needs a value (the user id).');
      return value;
    }),
  };
}

/**
 * Applies a PATCH request to a resource's representation, after making real clients' quirks
 * regular: operation names in any case, Entra ID's string booleans for `active`, and
 * `path`-less values whose keys are paths themselves (`{"name.givenName": "Ann"}`).
 */
export function applyPatch(resource: Json, body: unknown): Json {
  const request = asObject(body);
  const schemaList = request.schemas;
  if (!Array.isArray(schemaList) || !schemaList.includes(schemas.patchOp))
    throw new ScimError(400, `A PATCH request names the schema ${schemas.patchOp}.`, 'invalidSyntax');
  const operations = request.Operations ?? request.operations;
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, 'A PATCH request needs Operations.', 'invalidSyntax');
  const regular = operations.flatMap((raw) => regularOperations(asObject(raw)));
  try {
    const { meta: _meta, ...content } = resource;
    return scimPatch({ ...content, meta: { created: new Date(), lastModified: new Date() } } as never, regular, {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as Json;
  } catch (err) {
    if (err instanceof ScimPatchError) {
      const scimType = (err as ScimPatchError).scimCode;
      throw new ScimError(400, err.message, scimType === 'noTarget' || scimType === 'invalidPath' ? scimType : 'invalidValue');
    }
    throw err;
  }
}

function regularOperations(op: Json): ScimPatchOperation[] {
  const name = typeof op.op === 'string' ? op.op.toLowerCase() : '';
  if (name !== 'add' && name !== 'replace' && name !== 'remove')
    throw new ScimError(400, `Unknown PATCH operation ${JSON.stringify(op.op)}.`, 'invalidSyntax');
  const path = typeof op.path === 'string' && op.path.trim() ? op.path.trim() : undefined;
  if (name === 'remove') {
    if (!path) throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    // Entra ID removes members as `path: "members"` with the members to remove as the value.
    if (path.toLowerCase() === 'members' && Array.isArray(op.value))
      return op.value.map((m) => ({ op: 'remove' as const, path: `members[value eq ${JSON.stringify(String(asObject(m).value))}]` }));
    return [{ op: 'remove', path, ...(op.value !== undefined && { value: op.value }) }];
  }
  if (path) return [{ op: name, path, value: regularValue(path, op.value) }];
  // No path: each key of the value is an attribute, or (Entra ID) an attribute path.
  const value = asObject(op.value);
  const plain: Json = {};
  const pathed: ScimPatchOperation[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('.') || key.includes('[') || (key.startsWith('urn:') && key !== schemas.enterpriseUser))
      pathed.push({ op: name, path: key, value: regularValue(key, v) });
    else plain[key] = regularValue(key, v);
  }
  return Object.keys(plain).length > 0 ? [{ op: name, value: plain }, ...pathed] : pathed;
}

function regularValue(path: string, value: unknown): unknown {
  if (path.toLowerCase() === 'active') return readBoolean(value, 'active');
  return value;
}
