/** Verified domains: the claims of e-mail domains that single sign-on routes by (modules/domains). */
import { dnsTxtResolverOf, nodeDnsTxtResolver } from '../modules/domains/domain-verification.js';
import { createDomainsService } from '../modules/domains/domains.service.js';
import type { Wiring } from './shared.js';

export function buildDomains({ deps, db, repositories }: Wiring) {
  return {
    domains: createDomainsService({
      db,
      repo: repositories.domains,
      clock: deps.clock,
      // Node's resolver, asking the configured servers or the system's, unless the app was given
      // another (tests: records in memory).
      resolver:
        deps.dnsTxt ??
        (deps.config.DOMAIN_VERIFICATION_DNS_SERVERS ? dnsTxtResolverOf(deps.config.DOMAIN_VERIFICATION_DNS_SERVERS) : nodeDnsTxtResolver),
      staffEmailDomain: deps.config.STAFF_EMAIL_DOMAIN,
    }),
  };
}
