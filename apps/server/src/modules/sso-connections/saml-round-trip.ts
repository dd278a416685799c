/**
 * A SAML round trip kept as OpenID Connect's is (auth/round-trip.ts, `sso_login_states`): the
 * state's hash with the connection, the redirect and the tester, and the AuthnRequest's ID
 * where OpenID Connect keeps its nonce (InResponseTo binds the Response to our request as the
 * nonce binds an ID token). The state goes out as RelayState and stays in this browser's
 * cookie; `takeFor` of sign-in-conclusion.ts takes it back as it takes OpenID Connect's.
 */
import type { Clock } from '../../deps.js';
import { randomToken } from '../../http/secrets.js';
import { keepRoundTrip } from '../auth/round-trip.js';
import { buildAuthnRequestRedirect } from './saml/saml-authn-request.js';
import { serviceProviderOf } from './saml-view.js';
import type { SsoConnectionRow } from './sso-connections.repository.js';

/** A round trip to the identity provider: kept with the AuthnRequest's ID; its URL and the state this browser's cookie must hold. */
export async function beginSamlRoundTrip(
  deps: {
    repo: Parameters<typeof keepRoundTrip>[0]['repo'];
    clock: Clock;
    publicUrl: string;
    apiBasePath: string;
  },
  connection: SsoConnectionRow,
  kept: { redirectPath: string; testBy: string | null },
) {
  const sp = serviceProviderOf(deps.publicUrl, deps.apiBasePath, connection.id);
  const state = randomToken();
  const request = buildAuthnRequestRedirect({
    idpSsoUrl: connection.samlSsoUrl as string,
    spEntityId: sp.entityId,
    acsUrl: sp.acsUrl,
    relayState: state,
    now: deps.clock.now(),
  });
  const held = await keepRoundTrip(
    deps,
    { provider: 'connection', connectionId: connection.id, testBy: kept.testBy, redirectPath: kept.redirectPath },
    // No PKCE in SAML.
    { state, codeVerifier: '', nonce: request.requestId },
  );
  return { url: request.url, ...held };
}
