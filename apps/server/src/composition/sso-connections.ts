/**
 * Organizations' single sign-on connections: their screen's service, the sign-in through
 * them (the auth module's round trips and sessions, the users module for first arrival) and
 * the sign-in page's routing by verified domain.
 */
import { SSO_LOGIN_ONLY_SETTING } from '@console/contracts';
import { createAdmission } from '../modules/sso-connections/admission.js';
import { createCertificateExpiry } from '../modules/sso-connections/certificate-expiry.js';
import { createSsoDiscovery } from '../modules/sso-connections/discovery.js';
import { createSamlSettingsService } from '../modules/sso-connections/saml-settings.service.js';
import { createSamlSignIn } from '../modules/sso-connections/saml-sign-in.js';
import { createSignInConclusion } from '../modules/sso-connections/sign-in-conclusion.js';
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
  const ssoConnections = createSsoConnectionsService({
    db,
    repo: repositories.ssoConnections,
    clock,
    ...where,
    // "SSO login only" (the organizations module's setting) keeps the last connection that signs people in.
    ssoLoginOnly: (organizationId, tx) => repositories.organizationSettings.isOn(organizationId, SSO_LOGIN_ONLY_SETTING, tx),
  });
  const conclusion = createSignInConclusion({
    db,
    repo: repositories.ssoConnections,
    states: repositories.ssoStates,
    admit,
    users,
    auth,
    counters: repositories.rateLimitHits,
    clock,
  });
  const ssoConnectionSignIn = createSsoConnectionSignIn({
    repo: repositories.ssoConnections,
    states: repositories.ssoStates,
    conclusion,
    clock,
    ...where,
  });
  return {
    ssoConnections,
    ssoConnectionSignIn,
    samlSettings: createSamlSettingsService({
      db,
      repo: repositories.ssoConnections,
      clock,
      connections: ssoConnections,
      allowLoopback: config.SSO_CONNECTIONS_ALLOW_LOOPBACK,
    }),
    samlSignIn: createSamlSignIn({
      repo: repositories.ssoConnections,
      states: repositories.ssoStates,
      seen: repositories.samlAssertionsSeen,
      signIn: conclusion,
      clock,
      publicUrl: config.PUBLIC_URL,
      apiBasePath: config.API_BASE_PATH,
    }),
    ssoDiscovery: createSsoDiscovery({ repo: repositories.ssoConnections, domains }),
    // Daily: trusted SAML certificates about to expire, told to the organization's admins and its trail.
    samlCertificateExpiry: createCertificateExpiry({
      db,
      repo: repositories.certificateNotices,
      clock,
      mailer: deps.mailer,
      config,
      log: deps.log,
    }),
  };
}
