/**
 * Signing in through an organization's SAML connection (decision 063): the AuthnRequest by
 * the HTTP-Redirect binding, the Response posted to our ACS (HTTP-POST binding) verified by
 * saml/saml-response.ts, then the path every connection shares (`conclude` of
 * sign-in-conclusion.ts: admission, first arrival, the session, or a test's result).
 *
 * The round trip is kept as OpenID Connect's is (auth/round-trip.ts, `sso_login_states`):
 * the state's hash with the connection, the redirect and the tester, and the AuthnRequest's ID
 * where OpenID Connect keeps its nonce, since InResponseTo binds the Response to our request
 * as the nonce binds an ID token. The state travels as RelayState and in this browser's cookie.
 *
 * An unsolicited (identity-provider-initiated) Response is refused, unless the connection
 * allows them; then it is verified (and its assertion burnt) but signs no one in: it starts a
 * fresh round trip to the identity provider, whose answer to our request signs the person in.
 */
import type { Clock } from '../../deps.js';
import type { DeviceDetails } from '../auth/auth.service.js';
import type { beginRoundTrip } from '../auth/round-trip.js';
import { ConnectionRefusal } from './admission.js';
import type { SamlIdentity } from './saml/saml-assertion.js';
import type { SamlAssertionsSeenRepository } from './saml/saml-assertions-seen.repository.js';
import { serviceProviderMetadata } from './saml/saml-metadata.js';
import { verifySamlResponse } from './saml/saml-response.js';
import { beginSamlRoundTrip } from './saml-round-trip.js';
import { samlReady, serviceProviderOf, signingCertificatesOf } from './saml-view.js';
import type { Finished, SignInConclusion } from './sign-in-conclusion.js';
import type { SsoConnectionRow, SsoConnectionsRepository } from './sso-connections.repository.js';

/** Attribute names identity providers use (Okta, Entra ID, Google, ADFS, Shibboleth's OIDs), for each claim first arrival reads. */
const ATTRIBUTES = {
  email: [
    'email',
    'mail',
    'emailaddress',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    'urn:oid:0.9.2342.19200300.100.1.3',
  ],
  given_name: [
    'given_name',
    'givenname',
    'firstname',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
    'urn:oid:2.5.4.42',
  ],
  family_name: [
    'family_name',
    'surname',
    'sn',
    'lastname',
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
    'urn:oid:2.5.4.4',
  ],
  name: ['name', 'displayname', 'http://schemas.microsoft.com/identity/claims/displayname', 'urn:oid:2.16.840.1.113730.3.1.241'],
  employee_number: ['employee_number', 'employeenumber', 'employeeid', 'urn:oid:2.16.840.1.113730.3.1.3'],
  groups: ['groups', 'group', 'memberof', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'],
} as const;

/**
 * The claims admission reads, from what the signed assertion said: the e-mail from its
 * attribute, else a NameID that is an address; a SAML identity provider vouches for the
 * addresses it asserts, as an OpenID Connect one does for `email_verified`.
 */
export function samlClaims(identity: SamlIdentity): Record<string, unknown> {
  const byName = new Map(Object.entries(identity.attributes).map(([name, values]) => [name.toLowerCase(), values]));
  const first = (names: readonly string[]) => names.map((n) => byName.get(n)).find((v) => v && v.length > 0);
  const email = first(ATTRIBUTES.email)?.[0] ?? (identity.nameId.includes('@') ? identity.nameId : undefined);
  return {
    sub: identity.nameId,
    ...(email !== undefined && { email }),
    given_name: first(ATTRIBUTES.given_name)?.[0],
    family_name: first(ATTRIBUTES.family_name)?.[0],
    name: first(ATTRIBUTES.name)?.[0],
    employee_number: first(ATTRIBUTES.employee_number)?.[0],
    groups: first(ATTRIBUTES.groups) ?? [],
    attributes: identity.attributes,
  };
}

type States = Parameters<typeof beginRoundTrip>[0]['repo'];

export type SamlFinished = Finished | { outcome: 'restart'; url: string; state: string; maxAgeSeconds: number };

export function createSamlSignIn(deps: {
  repo: SsoConnectionsRepository;
  states: States;
  seen: Pick<SamlAssertionsSeenRepository, 'rememberFor'>;
  /** The way every connection's answer ends (sign-in-conclusion.ts). */
  signIn: SignInConclusion;
  clock: Clock;
  publicUrl: string;
  apiBasePath: string;
}) {
  const { repo, clock, signIn } = deps;

  /** The Response verified for this connection: the claims of who it names, or a refusal. */
  async function identityOf(connection: SsoConnectionRow, xml: string, inResponseTo: string | null) {
    if (!samlReady(connection))
      throw new ConnectionRefusal('connection_disabled', 'The connection’s identity provider is not set up: give its metadata.');
    const sp = serviceProviderOf(deps.publicUrl, deps.apiBasePath, connection.id);
    const now = clock.now();
    const verified = await verifySamlResponse({
      xml,
      trustedCerts: signingCertificatesOf(connection.samlCertificates),
      expected: { spEntityId: sp.entityId, acsUrl: sp.acsUrl, idpEntityId: connection.samlIdpEntityId as string },
      inResponseTo,
      now,
      rememberAssertion: deps.seen.rememberFor(connection.id, now),
    });
    if (!verified.ok) throw new ConnectionRefusal(verified.code, verified.message);
    return verified;
  }

  return {
    /** Our metadata for a SAML connection (enabled or not: the admin gives it to the identity provider first); null for any other. */
    async metadata(connectionId: string): Promise<string | null> {
      const connection = await repo.findForSignIn(connectionId);
      if (connection?.kind !== 'saml') return null;
      return serviceProviderMetadata(serviceProviderOf(deps.publicUrl, deps.apiBasePath, connection.id));
    },

    /**
     * The ACS: `form` is the POST's fields, `cookieState` this browser's state cookie. A
     * Response to our request (its RelayState is this browser's state) goes the shared way;
     * an unsolicited one restarts the round trip where the connection allows it.
     */
    async acs(
      connectionId: string,
      form: { SAMLResponse: string; RelayState?: string },
      cookieState: string | undefined,
      device: DeviceDetails,
    ): Promise<SamlFinished> {
      const connection = await repo.findForSignIn(connectionId);
      if (connection?.kind !== 'saml') return { outcome: 'refused', code: 'SSO_FAILED' };
      const xml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
      const ours = cookieState !== undefined && form.RelayState === cookieState;
      if (ours || (cookieState !== undefined && !connection.samlIdpInitiated)) {
        const answer = new URL(serviceProviderOf(deps.publicUrl, deps.apiBasePath, connection.id).acsUrl);
        answer.searchParams.set('state', form.RelayState ?? '');
        return signIn.conclude(connection, device, async (seen) => {
          seen.pending = await signIn.takeFor(connection, answer, cookieState);
          seen.claims = samlClaims(await identityOf(connection, xml, seen.pending.nonce));
        });
      }
      try {
        if (!connection.samlIdpInitiated)
          throw new ConnectionRefusal(
            'SAML_UNSOLICITED',
            'The identity provider sent a sign-in the console did not ask for (identity-provider-initiated); start from the console’s sign-in page, or allow identity-provider-initiated sign-in on this connection.',
          );
        if (!connection.enabled) throw new ConnectionRefusal('connection_disabled', 'The connection is disabled.');
        await identityOf(connection, xml, null);
      } catch (err) {
        if (!(err instanceof ConnectionRefusal)) throw err;
        await signIn.refuse(connection, err, { device });
        return { outcome: 'refused', code: 'SSO_FAILED' };
      }
      // Verified, and burnt; the person signs in only by answering our own request.
      const where = { repo: deps.states, clock, publicUrl: deps.publicUrl, apiBasePath: deps.apiBasePath };
      return { outcome: 'restart', ...(await beginSamlRoundTrip(where, connection, { redirectPath: '/', testBy: null })) };
    },
  };
}

export type SamlSignIn = ReturnType<typeof createSamlSignIn>;
