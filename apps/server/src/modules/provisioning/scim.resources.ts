/**
 * Users and teams as SCIM resources, and back (docs/decisions/036-scim-provisioning.md,
 * 042-users-profile-and-owner.md): userName is the address the user signs in with, or
 * their login name beside a work e-mail; the console keeps the profile in columns (names,
 * work e-mail and phone, title, the enterprise extension) and the rest of the core schema
 * as sent; the enterprise employeeNumber is the employee ID; a Group is a team. What
 * clients send is read leniently where real clients differ (Entra ID's "False", PATCH
 * operations written "Replace"), strictly where a value would be wrong.
 */
import { createHash } from 'node:crypto';
import { isPlainName, normalizeEmail } from '@console/contracts';
import type { UserProfile } from '../users/users.service.js';
import { readBoolean } from './scim.patch.js';
import { ScimError, schemas } from './scim.protocol.js';
import type { ScimTeamRow } from './scim-groups.repository.js';
import type { ScimUserRow } from './scim-users.repository.js';

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

/** Attributes of the core schema kept as sent (scim_attributes), without the console acting on them. */
const KEPT = [
  'nickName',
  'profileUrl',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509Certificates',
] as const;
/** Parts of `name` kept as sent beside the given, family and formatted name. */
const KEPT_NAME = ['middleName', 'honorificPrefix', 'honorificSuffix'] as const;
/** What one user may keep as sent, serialised. */
const KEPT_MAX_BYTES = 16_384;

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => isObject(v)) : []);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Only the keys that hold something. */
function present(entries: Record<string, unknown>): Json {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== null && v !== undefined));
}

/** A multi-valued attribute: the console's work entry (a column) first, then what else was sent. */
function withWorkEntry(value: string | null, others: Json[]): Json[] {
  if (!value) return others;
  const primary = !others.some((o) => o.primary === true);
  return [{ value, type: 'work', ...(primary && { primary: true }) }, ...others];
}

export function userResource(row: ScimUserRow, groups: Member[], baseUrl: string): Json {
  const kept = row.scimAttributes ?? {};
  const keptEnterprise = isObject(kept[schemas.enterpriseUser]) ? (kept[schemas.enterpriseUser] as Json) : {};
  const sentManager = isObject(keptEnterprise.manager) ? (keptEnterprise.manager as Json) : {};
  const manager =
    row.managerId !== null
      ? { value: sentManager.value ?? row.managerId, $ref: `${baseUrl}/Users/${row.managerId}`, displayName: row.managerName }
      : sentManager.value !== undefined
        ? { value: sentManager.value }
        : undefined;
  const enterprise = present({
    employeeNumber: row.employeeId,
    costCenter: row.costCenter,
    organization: row.organizationName,
    division: row.division,
    department: row.department,
    manager,
  });
  const hasEnterprise = Object.keys(enterprise).length > 0;
  const resource: Json = {
    schemas: hasEnterprise ? [schemas.user, schemas.enterpriseUser] : [schemas.user],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    // A user imported with an employee ID alone has no address: that ID, else the id, names them.
    userName: row.userName ?? row.email ?? row.employeeId ?? row.id,
    name: present({
      formatted: row.formattedName ?? row.displayName,
      givenName: row.givenName,
      familyName: row.familyName,
      ...(isObject(kept.name) ? present(Object.fromEntries(KEPT_NAME.map((k) => [k, (kept.name as Json)[k]]))) : {}),
    }),
    displayName: row.displayName,
    ...(row.title !== null && { title: row.title }),
    ...present(Object.fromEntries(KEPT.map((k) => [k, kept[k]]))),
    emails: withWorkEntry(row.workEmail ?? row.email, list(kept.emails)),
    ...((row.phone !== null || list(kept.phoneNumbers).length > 0) && { phoneNumbers: withWorkEntry(row.phone, list(kept.phoneNumbers)) }),
    active: row.disabledAt === null,
    groups,
    ...(hasEnterprise && { [schemas.enterpriseUser]: enterprise }),
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

/** A name people read (the user's, a team's): optionalText, without a control or direction-changing character. */
function optionalName(value: unknown, name: string): string | null {
  const text = optionalText(value, name);
  if (text !== null && !isPlainName(text))
    throw invalidValue(`${name} holds a control character, a line break or a text-direction mark, which a name may not hold.`);
  return text;
}

function asObject(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** A user as a SCIM client sent them: the sign-in address, the profile, `active`, and the manager reference to resolve. */
export interface ScimUserInput {
  /** The address the user signs in with: userName when it is one, else the work e-mail. */
  email: string;
  profile: Omit<UserProfile, 'managerId'>;
  /** The identity provider's reference to the manager (our id, or its own); null: none. */
  managerReference: string | null;
  active: boolean;
}

/** The work entry of a multi-valued attribute: type work, else (no entry typed) the primary, else the first. */
function workEntry(entries: Json[]): Json | undefined {
  const typed = entries.filter((e) => typeof e.type === 'string');
  if (typed.length > 0) return typed.find((e) => (e.type as string).toLowerCase() === 'work');
  return entries.find((e) => e.primary === true || e.primary === 'True' || e.primary === 'true') ?? entries[0];
}

function address(value: unknown, name: string): string | null {
  const text = optionalText(value, name);
  if (text === null) return null;
  const email = normalizeEmail(text);
  if (!EMAIL.test(email) || email.length > 254) throw invalidValue(`${name} must be an e-mail address.`);
  return email;
}

/**
 * The user a client sent (POST, PUT, or the result of a PATCH). userName is the sign-in
 * address when it is an e-mail address; otherwise (an Entra user principal name, an
 * employee login) the work e-mail is, and one must be sent (docs/decisions/042-users-profile-and-owner.md).
 */
export function readUser(body: unknown): ScimUserInput {
  const user = asObject(body);
  if (typeof user.userName !== 'string' || !user.userName.trim()) throw invalidValue('userName is required.');
  const userName = user.userName.trim();
  if (userName.length > 254) throw invalidValue('userName is longer than 254 characters.');
  const emails = list(user.emails);
  const work = workEntry(emails);
  const workValue = work ? address(work.value, 'The work e-mail (emails[type eq "work"].value)') : null;
  const userNameIsAddress = EMAIL.test(userName);
  // The address is stored as every writer stores one; a userName that is no address is kept as sent.
  const userNameAddress = userNameIsAddress ? normalizeEmail(userName) : null;
  if (!userNameIsAddress && !workValue)
    throw invalidValue('userName is not an e-mail address: send the work e-mail (emails[type eq "work"].value) the user signs in with.');
  const email = userNameAddress ?? (workValue as string);
  const phones = list(user.phoneNumbers);
  const phone = workEntry(phones);
  const name = asObject(user.name);
  const givenName = optionalName(name.givenName, 'name.givenName');
  const familyName = optionalName(name.familyName, 'name.familyName');
  const formattedName = optionalName(name.formatted, 'name.formatted');
  const displayName =
    optionalName(user.displayName, 'displayName') ?? formattedName ?? ([givenName, familyName].filter(Boolean).join(' ') || email);
  const enterprise = asObject(user[schemas.enterpriseUser]);
  const sentManager = enterprise.manager;
  const managerValue = isObject(sentManager) ? sentManager.value : sentManager;
  const managerReference = optionalText(managerValue, 'manager.value');
  const kept = present({
    ...Object.fromEntries(KEPT.map((k) => [k, user[k]])),
    name: present(Object.fromEntries(KEPT_NAME.map((k) => [k, optionalName(name[k], `name.${k}`)]))),
    emails: emails.filter((e) => e !== work),
    phoneNumbers: phones.filter((e) => e !== phone),
    ...(managerReference !== null && { [schemas.enterpriseUser]: { manager: { value: managerReference } } }),
  });
  for (const key of ['name', 'emails', 'phoneNumbers'])
    if (
      (Array.isArray(kept[key]) && (kept[key] as unknown[]).length === 0) ||
      (isObject(kept[key]) && Object.keys(kept[key] as Json).length === 0)
    )
      delete kept[key];
  if (Buffer.byteLength(JSON.stringify(kept)) > KEPT_MAX_BYTES)
    throw invalidValue(`The user's other attributes (addresses, photos, roles, …) take more than ${KEPT_MAX_BYTES} bytes.`);
  return {
    email,
    profile: {
      displayName,
      givenName,
      familyName,
      formattedName,
      userName: userNameIsAddress ? null : userName,
      workEmail: userNameAddress && workValue && workValue.toLowerCase() !== userNameAddress.toLowerCase() ? workValue : null,
      title: optionalText(user.title, 'title'),
      phone: phone ? optionalText(phone.value, 'phoneNumbers[type eq "work"].value') : null,
      department: optionalText(enterprise.department, 'department'),
      costCenter: optionalText(enterprise.costCenter, 'costCenter'),
      division: optionalText(enterprise.division, 'division'),
      organizationName: optionalText(enterprise.organization, 'organization'),
      employeeId: optionalText(enterprise.employeeNumber, 'employeeNumber'),
      scimExternalId: optionalText(user.externalId, 'externalId'),
      scimAttributes: Object.keys(kept).length > 0 ? kept : null,
    },
    managerReference,
    active: user.active === undefined ? true : readBoolean(user.active, 'active'),
  };
}

export function readGroup(body: unknown): { name: string; externalId: string | null; memberIds: string[] | undefined } {
  const group = asObject(body);
  const name = optionalName(group.displayName, 'displayName');
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
