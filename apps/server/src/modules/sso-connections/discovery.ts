/**
 * The sign-in page's e-mail step: the enabled connections of the organization that verified
 * the address's domain. The same answer for every address of a domain, known or not: it
 * tells which connections a domain signs in through, never whether a person exists.
 */
import { normalizeEmail } from '@console/contracts';
import type { SsoConnectionsRepository } from './sso-connections.repository.js';
import type { VerifiedDomains } from './verified-domains.js';

export function createSsoDiscovery(deps: { repo: SsoConnectionsRepository; domains: VerifiedDomains }) {
  return {
    async discover(email: string) {
      const address = normalizeEmail(email);
      const at = address.lastIndexOf('@');
      if (at < 1 || at === address.length - 1) return { connections: [] };
      const organizationId = await deps.domains.organizationForVerifiedDomain(address.slice(at + 1));
      if (!organizationId) return { connections: [] };
      return { connections: await deps.repo.enabledOf(organizationId) };
    },
  };
}
