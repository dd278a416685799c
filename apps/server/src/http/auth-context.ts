/**
 * Who is calling, as the auth hooks (http/auth.ts) establish it. Routes read
 * `request.auth`; services receive it and check the rules that depend on data.
 */
import type { AllowedRoleType, OrgRole, SignInProvider } from '@console/contracts';

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
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
