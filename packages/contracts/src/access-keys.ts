/**
 * Access keys of an organization, for its external API calls (docs/product.md, "Access keys").
 * A key is a secret shown once, when created or rolled; lists show only a prefix and the
 * last four characters. The URLs, JSON fields and error code keep the API's first name for
 * a key, "integration" (`/integrations`, `integration`, `INTEGRATION_NOT_FOUND`).
 */
import { z } from 'zod';
import { accessKeyPermissions } from './access-key-permissions.js';
import { dashboardCalls } from './dashboard-calls.js';
import { pageQuery } from './paging.js';
import { route } from './route.js';
import { text } from './text.js';

export const NAME_MAX = 75;
export const DESCRIPTION_MAX = 500;

/**
 * `wfk_` + 32 random base62 characters + 6 base62 characters of a CRC32 of those 32:
 * the prefix lets secret scanners recognise a leaked key, the checksum rejects a typo
 * before any database look-up.
 */
export const ACCESS_KEY_PREFIX = 'wfk_';
export const ACCESS_KEY_BODY_LENGTH = 32;
export const ACCESS_KEY_CHECKSUM_LENGTH = 6;
export const ACCESS_KEY_PATTERN = /^wfk_[0-9A-Za-z]{38}$/;

/** The old secret of a rolled key keeps working for this long. */
export const gracePeriods = ['now', '1h', '24h', '7d'] as const;
export const gracePeriod = z.enum(gracePeriods);
export type GracePeriod = z.infer<typeof gracePeriod>;
export const GRACE_PERIOD_MS: Record<GracePeriod, number> = {
  now: 0,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** Field messages are keys the web app translates. */
export const accessKeyBody = z.object({
  name: text().trim().min(1, 'required').max(NAME_MAX, 'tooLong').describe(`A name for the key, at most ${NAME_MAX} characters`),
  description: text()
    .trim()
    .max(DESCRIPTION_MAX, 'tooLong')
    .default('')
    .describe(`What the key is used for, at most ${DESCRIPTION_MAX} characters; optional (empty when left out)`),
});
/** A new key: full access unless its permissions are chosen (docs/decisions/069-access-key-permissions-and-integrations.md). */
export const createAccessKeyBody = accessKeyBody.extend({
  permissions: accessKeyPermissions.default('full').describe('`full` (the default), or per area of the external API: none, read or write'),
  actsAlone: z
    .boolean()
    .default(false)
    .describe("The key alone, without a person's idToken, is the credential: a service identity of the organization (false by default)"),
});
/** A change of a key: its permissions stay as they are when left out. */
export const updateAccessKeyBody = accessKeyBody.extend({
  permissions: accessKeyPermissions.optional().describe('Left out: unchanged'),
  actsAlone: z.boolean().optional().describe('Left out: unchanged'),
});
export type AccessKeyBody = z.infer<typeof createAccessKeyBody>;
export type UpdateAccessKeyBody = z.infer<typeof updateAccessKeyBody>;
/** The form's values: the description may be left empty. */
export type AccessKeyInput = z.input<typeof createAccessKeyBody>;

export const accessKeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().describe('Empty when the key has none'),
  keyPrefix: z.string().describe('The first characters of the key, not secret'),
  keyLast4: z.string().describe('The last four characters of the key'),
  createdAt: z.string().describe('ISO 8601'),
  createdBy: z.object({ id: z.uuid(), displayName: z.string(), email: z.string().nullable() }).nullable(),
  updatedAt: z.string(),
  lastUsedAt: z.string().nullable().describe('Last external API call with this key (updated at most once a minute)'),
  previousKeyExpiresAt: z.string().nullable().describe('After a roll: until when the previous secret still works'),
  permissions: accessKeyPermissions.describe('What the key may do in the external API: `full`, or per area'),
  actsAlone: z.boolean().describe("Whether the key alone, without a person's idToken, calls the external API, as its organization"),
});
export type AccessKeyView = z.infer<typeof accessKeyView>;

export const accessKeyIdParams = z.object({ id: z.uuid() });
export const rollAccessKeyBody = z.object({ gracePeriod: gracePeriod.describe('How long the previous secret keeps working') });

export const accessKeysResponse = z.object({ integrations: z.array(accessKeyView), total: z.number().int() });
/** `accessKey` is the full secret: returned here and by a roll, never again. */
export const accessKeyWithSecretResponse = z.object({ integration: accessKeyView, accessKey: z.string() });
export const accessKeyResponse = z.object({ integration: accessKeyView });
export const removedAccessKeyResponse = z.object({ removedIntegration: accessKeyView });

export const accessKeyErrorCodes = {
  notFound: 'INTEGRATION_NOT_FOUND',
  /** The organization holds the most keys allowed (ACCESS_KEYS_PER_ORGANIZATION_MAX); `details.max` says how many. */
  limitReached: 'INTEGRATION_LIMIT_REACHED',
} as const;

/** The calls of the access keys screen (docs/product.md, "Access keys"). */
export const accessKeyRoutes = {
  list: route({ ...dashboardCalls.accessKeys, query: pageQuery, response: accessKeysResponse }),
  create: route({
    method: 'POST',
    path: '/integrations',
    operationId: 'createIntegration',
    body: createAccessKeyBody,
    response: accessKeyWithSecretResponse,
    status: 201,
  }),
  update: route({
    method: 'PUT',
    path: '/integration/:id',
    operationId: 'updateIntegration',
    params: accessKeyIdParams,
    body: updateAccessKeyBody,
    response: accessKeyResponse,
  }),
  remove: route({
    method: 'DELETE',
    path: '/integration/:id',
    operationId: 'deleteIntegration',
    params: accessKeyIdParams,
    response: removedAccessKeyResponse,
  }),
  roll: route({
    method: 'POST',
    path: '/integration/:id/roll',
    operationId: 'rollIntegration',
    params: accessKeyIdParams,
    body: rollAccessKeyBody,
    response: accessKeyWithSecretResponse,
  }),
};
