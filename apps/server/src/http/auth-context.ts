/**
 * Who is calling, as the auth hooks (http/auth.ts) establish it. Routes read
 * `request.auth`; services receive it and check the rules that depend on data.
 */
import type { AllowedRoleType, OrgRole, SignInProvider } from '@console/contracts';
import type { FastifyRequest } from 'fastify';

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
