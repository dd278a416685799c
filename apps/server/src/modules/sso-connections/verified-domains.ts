/**
 * The one thing single sign-on needs of verified domains: which organization, if any, has
 * verified a domain. The domains module answers it (organization_domains); the composition
 * root hands its service in, tests may hand an in-memory one. No imports: the app's dependencies
 * (deps.ts) name it.
 */
export interface VerifiedDomains {
  /** The organization that verified this domain (lower-case ASCII, no trailing dot), or null. */
  organizationForVerifiedDomain(domain: string): Promise<string | null>;
}
