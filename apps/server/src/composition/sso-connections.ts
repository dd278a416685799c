/**
 * Organizations' single sign-on connections: their screen's service, the sign-in through
 * them (the auth module's round trips and sessions, the users module for first arrival) and
 * the sign-in page's routing by verified domain.
 */
import { createAdmission } from '../modules/sso-connections/admission.js';
import { createSsoDiscovery } from '../modules/sso-connections/discovery.js';
import { createSsoConnectionSignIn } from '../modules/sso-connections/sso-connection-sign-in.js';
import { createSsoConnectionsService } from '../modules/sso-connections/sso-connections.service.js';
import type { VerifiedDomains } from '../modules/sso-connections/verified-domains.js';
import type { Identity } from './identity.js';
import type { Wiring } from './shared.js';

export function buildSsoConnections({ deps, db, repositories }: Wiring, given: { identity: Identity; domains: VerifiedDomains }) {
  const { config, clock } = deps;
  const { users, auth } = given.identity;
  // Tests may hand in their own verified domains; otherwise the domains module's.
  const domains = deps.verifiedDomains ?? given.domains;
  const where = { publicUrl: config.PUBLIC_URL, apiBasePath: config.API_BASE_PATH, allowLoopback: config.SSO_CONNECTIONS_ALLOW_LOOPBACK };
  const admit = createAdmission({
    findSignInUserByEmail: repositories.auth.findSignInUserByEmail,
    isStaffAddress: users.isStaffAddress,
    domains,
    // A live SCIM token: the identity provider makes the organization's people.
    scimProvisioned: async (organizationId) => (await repositories.provisioning.liveTokens(organizationId, clock.now())).length > 0,
  });
  return {
    ssoConnections: createSsoConnectionsService({ db, repo: repositories.ssoConnections, clock, ...where }),
    ssoConnectionSignIn: createSsoConnectionSignIn({
      db,
      repo: repositories.ssoConnections,
      states: repositories.ssoStates,
      admit,
      users,
      auth,
      clock,
      ...where,
    }),
    ssoDiscovery: createSsoDiscovery({ repo: repositories.ssoConnections, domains }),
  };
}
