/**
 * The one thing single sign-on needs of verified domains: which organization, if any, has
 * verified a domain. The domains module answers it (organization_domains); the composition
 * root hands its repository in, tests an in-memory one. No imports: the app's dependencies
 * (deps.ts) name it.
 */
export interface VerifiedDomains {
  /** The organization that verified this domain (lower-case ASCII, no trailing dot), or null. */
  organizationForVerifiedDomain(domain: string): Promise<string | null>;
}

/** Until the domains module is joined: no domain is verified, so connections sign in only people already in their organization. */
export const noVerifiedDomains: VerifiedDomains = { organizationForVerifiedDomain: async () => null };
