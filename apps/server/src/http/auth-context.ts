/**
 * Who is calling, as the auth hooks (http/auth.ts) establish it. Routes read
 * `request.auth`; services receive it and check the rules that depend on data.
 */
import { type AccessKeyPermissions, type AllowedRoleType, authErrorMessage, type OrgRole, type SignInProvider } from '@console/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { type AppError, Forbidden } from './errors.js';

/** What every caller has, a person or an access key acting on its own. */
interface CallerContext {
  organizationId: string;
  /** The person's name; for a key acting on its own, the key's name. */
  displayName: string;
  role: OrgRole;
  allowedRoleTypes: AllowedRoleType[];
  /** Staff by the rule of docs/product.md, "Roles and access" (domain, provider, at least one allowed role type). */
  isStaff: boolean;
  /** Browser session (cookie) or external API (apiKey, with or without a bearer idToken). */
  via: 'session' | 'api';
  sessionId?: string;
  /** The access key that authenticated an external API call. */
  accessKeyId?: string;
  /** Its name, as the events of the call name their actor. */
  accessKeyName?: string;
  /** What that key may do in the external API (decision 069); checked before a call's input is read. */
  accessKeyPermissions?: AccessKeyPermissions;
  /** Where the request came from: the actor of the events it records. */
  client?: RequestClient;
}

/** A person: signed in to the console, or calling the external API with their idToken and a key. */
export interface PersonContext extends CallerContext {
  userId: string;
  email: string | null;
  organizationName: string;
  locale: string | null;
  signInProvider: SignInProvider;
  /** When the session (or, via the API, the idToken) ends. */
  expiresAt: Date;
}

/**
 * An access key that acts on its own (decision 069): a service identity of its organization,
 * no person behind it. The Organizational Admin's scope, narrowed by the key's permissions;
 * whatever a service writes as a person (`created_by`, `invited_by`) is null for it.
 */
export interface KeyContext extends CallerContext {
  userId: null;
  email: null;
  organizationName: null;
  locale: null;
  signInProvider: null;
  /** A key has no session: it works until it is deleted or rolled (judged at each call). */
  expiresAt: null;
  via: 'api';
  role: 'org_admin';
  isStaff: false;
  accessKeyId: string;
  accessKeyName: string;
  accessKeyPermissions: AccessKeyPermissions;
}

export type AuthContext = PersonContext | KeyContext;

/**
 * The person calling, for what only a person does (their sessions, their language, the Super
 * area): a key acting on its own never reaches these calls (they are not external API calls),
 * and is refused if one ever did.
 */
export function personOf(auth: AuthContext): PersonContext {
  if (auth.userId === null) throw new Forbidden('This call needs a person signed in, not an access key.');
  return auth;
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

/** The access key an external API call named, as its guard found it. */
export interface CallerKey {
  accessKeyId: string;
  accessKeyName: string;
  organizationId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /**
     * Set by the external API's guard as soon as it has found the call's key, before it decides
     * on the rest: a call refused afterwards (its key's rate limit, its token, its role, its
     * input) is its key's organization's all the same, and the request log keeps it.
     */
    callerKey?: CallerKey;
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
