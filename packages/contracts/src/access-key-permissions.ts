/**
 * What an access key may do in the external API (docs/decisions/069-access-key-permissions-and-integrations.md):
 * full access (every key made before permissions existed, and any key made so), or per area
 * none, read or write (write implies read). A call is refused before its input is read when
 * its key lacks the area's level the call needs (`externalApiPermissions` below names it for
 * every call). A key with chosen permissions has none in an area added later: what it may do
 * grows only when its admin says so; a full-access key has every area, today's and later ones.
 */
import { z } from 'zod';
import type { externalApiRoutes } from './external-api.js';

/** The areas of the external API, in the order the screen lists them. */
export const accessKeyAreas = ['users', 'userImports', 'workflows', 'analytics', 'events', 'webhooks', 'singleSignOn'] as const;
export type AccessKeyArea = (typeof accessKeyAreas)[number];
export const accessLevels = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** The area's name in the API's (English) messages. */
export const ACCESS_KEY_AREA_NAMES: Record<AccessKeyArea, string> = {
  users: 'users',
  userImports: 'user imports',
  workflows: 'workflows',
  analytics: 'analytics',
  events: 'events',
  webhooks: 'webhooks',
  singleSignOn: 'single sign-on',
};

const level = z.enum(accessLevels);
/** Every area named, none other (an unknown area is refused, not ignored). */
export const accessKeyAreaLevels = z
  .strictObject({
    users: level,
    userImports: level,
    workflows: level,
    analytics: level,
    events: level,
    webhooks: level,
    singleSignOn: level,
  })
  .describe('Per area of the external API: none, read or write (write implies read)');
export type AccessKeyAreaLevels = z.infer<typeof accessKeyAreaLevels>;
/** `full`: every area, including those added later. */
export const accessKeyPermissions = z.union([z.literal('full'), accessKeyAreaLevels]);
export type AccessKeyPermissions = z.infer<typeof accessKeyPermissions>;

/** What a call needs: an area at a level (read or write). */
export interface RequiredPermission {
  area: AccessKeyArea;
  level: Exclude<AccessLevel, 'none'>;
}

/** Every area at `none`: the start of a key with chosen permissions. */
export const NO_AREAS: AccessKeyAreaLevels = {
  users: 'none',
  userImports: 'none',
  workflows: 'none',
  analytics: 'none',
  events: 'none',
  webhooks: 'none',
  singleSignOn: 'none',
};

const RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2 };

/** The level a key has in an area (`write` everywhere for full access; `none` for an area it does not name). */
export function levelIn(permissions: AccessKeyPermissions, area: AccessKeyArea): AccessLevel {
  if (permissions === 'full') return 'write';
  return Object.hasOwn(permissions, area) ? permissions[area] : 'none';
}

export function permits(permissions: AccessKeyPermissions, needed: RequiredPermission): boolean {
  return RANK[levelIn(permissions, needed.area)] >= RANK[needed.level];
}

/** The refusal's message: "This access key may not write users: it has users: read." */
export function permissionRefusal(permissions: AccessKeyPermissions, needed: RequiredPermission): string {
  const name = ACCESS_KEY_AREA_NAMES[needed.area];
  return `This access key may not ${needed.level} ${name}: it has ${name}: ${levelIn(permissions, needed.area)}.`;
}

const read = (area: AccessKeyArea): RequiredPermission => ({ area, level: 'read' });
const write = (area: AccessKeyArea): RequiredPermission => ({ area, level: 'write' });

/**
 * The permission every external call needs (all but the token's, which no key guards): a
 * call the table misses is a type error. Workspaces go with workflows (they are where the
 * workflows live); skills and a user's skill progress with analytics (the skill-progress
 * report's data); domains with single sign-on (a verified domain routes its addresses to a connection);
 * the request log with events (both say what was done in the organization, and by which key).
 */
export const externalApiPermissions: Record<Exclude<keyof typeof externalApiRoutes, 'token'>, RequiredPermission> = {
  listWorkflows: read('workflows'),
  getWorkflow: read('workflows'),
  listWorkspaces: read('workflows'),
  listSkills: read('analytics'),
  userSkillProgress: read('analytics'),
  listUsers: read('users'),
  createUser: write('users'),
  disableUser: write('users'),
  resendUserInvitation: write('users'),
  createUserImport: write('userImports'),
  getUserImport: read('userImports'),
  listUserImportErrors: read('userImports'),
  listEvents: read('events'),
  listRequests: read('events'),
  getRequest: read('events'),
  listDomains: read('singleSignOn'),
  claimDomain: write('singleSignOn'),
  verifyDomain: write('singleSignOn'),
  deleteDomain: write('singleSignOn'),
  listSsoConnections: read('singleSignOn'),
  createSsoConnection: write('singleSignOn'),
  getSsoConnection: read('singleSignOn'),
  updateSsoConnection: write('singleSignOn'),
  deleteSsoConnection: write('singleSignOn'),
  rotateSsoConnectionSecret: write('singleSignOn'),
  setSsoConnectionSamlMetadata: write('singleSignOn'),
  addSsoConnectionSamlCertificate: write('singleSignOn'),
  removeSsoConnectionSamlCertificate: write('singleSignOn'),
  listWebhooks: read('webhooks'),
  createWebhook: write('webhooks'),
  getWebhook: read('webhooks'),
  updateWebhook: write('webhooks'),
  deleteWebhook: write('webhooks'),
  rollWebhookSecret: write('webhooks'),
  sendWebhookTest: write('webhooks'),
  listWebhookDeliveries: read('webhooks'),
  getWebhookDeliveryRequest: read('webhooks'),
  retryWebhookDelivery: write('webhooks'),
  resendWebhookDeliveries: write('webhooks'),
};
