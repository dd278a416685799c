/**
 * Every error the API answers with: `{ statusCode, code, message, details? }`.
 * The web app translates `code` into the user's language; `message` is English.
 */
import { z } from 'zod';
import type { accessKeyErrorCodes } from './access-keys.js';
import type { analyticsErrorCodes } from './analytics.js';
import type { authErrorCodes } from './auth.js';
import type { domainErrorCodes } from './domains.js';
import type { eventsErrorCodes } from './events.js';
import type { externalApiErrorCodes } from './external-api.js';
import type { lookupErrorCodes } from './lookup.js';
import type { organizationErrorCodes, organizationSettingErrorCodes } from './organizations.js';
import type { peopleErrorCodes } from './people.js';
import type { provisioningErrorCodes } from './provisioning.js';
import type { requestLogErrorCodes } from './request-log.js';
import type { ssoConnectionErrorCodes } from './sso-connections.js';
import type { userImportRequestErrors } from './user-imports.js';
import type { webhookErrorCodes } from './webhooks.js';
import type { workflowImportErrorCodes } from './workflow-imports.js';

export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'SESSION_REVOKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  // 503 with Retry-After: the embedded database's line is full (server db/queue.ts).
  'SERVICE_BUSY',
  'INTERNAL',
  'UNKNOWN',
  // 400: an address of the provider's staff domain, which no writer gives a customer's user.
  'STAFF_EMAIL',
  // Sign-in and sessions (auth.ts has their messages).
  'NOT_AUTHORIZED',
  'BAD_CREDENTIALS',
  'USER_NOT_FOUND',
  'TOO_MANY_ATTEMPTS',
  'SSO_REQUIRED',
  'LOGOUT_FAILED',
  'INVALID_TOKEN',
  'ID_TOKEN_USED',
  'CSRF',
  'BAD_REDIRECT',
  'SSO_FAILED',
  // Organizations: creating them, client keys and managers (organizations.ts, organizationErrorCodes).
  'EMAIL_TAKEN',
  'CLIENT_KEY_UNAVAILABLE',
  'CLIENT_KEY_ALREADY_SET',
  'MANAGER_EXISTS',
  'MANAGER_OTHER_ORGANIZATION',
  'MANAGER_USER_DISABLED',
  'MANAGER_NOT_FOUND',
  'MANAGER_INVITATION_ACCEPTED',
] as const;

/** The code of an answer no client reads (499: it closed its connection while its request waited); not translated. */
type UnreadErrorCode = 'CLIENT_GONE';

type CodeOf<Codes> = Codes[keyof Codes];
/** Every code an API answer may carry, the general ones and each area's: a code not listed is a type error. */
export type ErrorCode =
  | (typeof errorCodes)[number]
  | UnreadErrorCode
  | CodeOf<typeof authErrorCodes>
  | CodeOf<typeof domainErrorCodes>
  | CodeOf<typeof accessKeyErrorCodes>
  | CodeOf<typeof analyticsErrorCodes>
  | CodeOf<typeof eventsErrorCodes>
  | CodeOf<typeof externalApiErrorCodes>
  | CodeOf<typeof lookupErrorCodes>
  | CodeOf<typeof organizationErrorCodes>
  | CodeOf<typeof organizationSettingErrorCodes>
  | CodeOf<typeof peopleErrorCodes>
  | CodeOf<typeof provisioningErrorCodes>
  | CodeOf<typeof requestLogErrorCodes>
  | CodeOf<typeof userImportRequestErrors>
  | CodeOf<typeof ssoConnectionErrorCodes>
  | CodeOf<typeof webhookErrorCodes>
  | CodeOf<typeof workflowImportErrorCodes>;

export const errorEnvelope = z.object({
  statusCode: z.number().int().describe('The HTTP status code'),
  code: z.string().describe('A stable machine-readable error code'),
  message: z.string().describe('A human-readable English message'),
  details: z.unknown().optional().describe('Field errors or other structured detail'),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
