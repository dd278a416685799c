/**
 * Who is calling, as the auth hooks (http/auth.ts) establish it. Routes read
 * `request.auth`; services receive it and check the rules that depend on data.
 */
import { type AccessKeyPermissions, type AllowedRoleType, authErrorMessage, type OrgRole, type SignInProvider } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { type AppError, Forbidden } from './errors.js';

export interface AuthContext {
  userId: string;
  organizationId: string;
  email: string | null;
  displayName: string;
  organizationName: string;
  locale: string | null;
  role: OrgRole;
  allowedRoleTypes: AllowedRoleType[];
  signInProvider: SignInProvider;
  /** Staff by the rule of docs/product.md, "Roles and access" (domain, provider, at least one allowed role type). */
  isStaff: boolean;
  /** Browser session (cookie) or external API (apiKey + bearer idToken). */
  via: 'session' | 'api';
  sessionId?: string;
  /** When the session (or, via the API, the idToken) ends. */
  expiresAt: Date;
  /** The access key that authenticated an external API call. */
  accessKeyId?: string;
  /** Its name, as the events of the call name their actor. */
  accessKeyName?: string;
  /** What that key may do in the external API (decision 069); checked before a call's input is read. */
  accessKeyPermissions?: AccessKeyPermissions;
  /** Where the request came from: the actor of the events it records. */
  client?: RequestClient;
}

/** The address and user agent of a request, as its events' actor carries them. */
export interface RequestClient {
  ip: string;
  userAgent?: string;
}

/** What an event keeps of a request's origin (the user agent bounded: a header is the caller's to fill). */
export function requestClient(request: Pick<FastifyRequest, 'ip' | 'headers'>): RequestClient {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, ...(agent && { userAgent: agent.slice(0, 500) }) };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** Who may use the console at all: Organizational Admins and staff (docs/product.md, "Roles and access"). */
export function isAdmitted(ctx: Pick<AuthContext, 'role' | 'isStaff'>): boolean {
  return ctx.isStaff || ctx.role === 'org_admin';
}

export function notAuthorized(config: Config): AppError {
  return new Forbidden(authErrorMessage('NOT_AUTHORIZED', config.PRODUCT_NAME), 'NOT_AUTHORIZED');
}

/** Staff allowed to `read` (any allowed role type) or to `update` (that type). */
export function hasStaffRole(auth: AuthContext, type: AllowedRoleType): boolean {
  if (!auth.isStaff) return false;
  return type === 'read' ? auth.allowedRoleTypes.length > 0 : auth.allowedRoleTypes.includes('update');
}
