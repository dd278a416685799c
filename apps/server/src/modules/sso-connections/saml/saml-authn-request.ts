/**
 * The AuthnRequest that starts a sign-in, sent by the HTTP-Redirect binding: raw DEFLATE, then
 * base64, then URL-encoded as `SAMLRequest`, with the RelayState beside it. Unsigned (our
 * metadata says so). The caller remembers `requestId` with the browser's sign-in attempt and
 * hands it to `verifySamlResponse` as `inResponseTo`.
 */
import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { BINDING_POST, checkAbsoluteUrl, checkText } from './saml-metadata.js';
import { escapeXml, NS } from './saml-xml.js';

/** The binding's limit on RelayState (SAML 2.0 Bindings, 3.4.3). */
export const MAX_RELAY_STATE_BYTES = 80;

export interface AuthnRequestInput {
  /** The identity provider's HTTP-Redirect SingleSignOnService (`IdpMetadata.ssoRedirectUrl`). */
  idpSsoUrl: string;
  spEntityId: string;
  acsUrl: string;
  /** Opaque to the identity provider, returned with the Response; at most 80 bytes. */
  relayState?: string;
  now: Date;
  /** For tests; otherwise 128 random bits. */
  requestId?: string;
}

export interface AuthnRequestRedirect {
  url: string;
  /** The AuthnRequest's ID, to compare with the Response's InResponseTo. */
  requestId: string;
  /** The XML sent, before encoding (for logs and tests). */
  xml: string;
}

export function newRequestId(): string {
  // An xs:ID must not start with a digit.
  return `_${randomBytes(16).toString('hex')}`;
}

export function buildAuthnRequestRedirect(input: AuthnRequestInput): AuthnRequestRedirect {
  checkAbsoluteUrl(input.idpSsoUrl, 'idpSsoUrl');
  checkText(input.spEntityId, 'spEntityId');
  checkAbsoluteUrl(input.acsUrl, 'acsUrl');
  if (input.relayState !== undefined) {
    checkText(input.relayState, 'relayState');
    if (Buffer.byteLength(input.relayState, 'utf8') > MAX_RELAY_STATE_BYTES)
      throw new TypeError(`relayState must be at most ${MAX_RELAY_STATE_BYTES} bytes`);
  }
  const requestId = input.requestId ?? newRequestId();
  if (!/^[A-Za-z_][\w.-]*$/.test(requestId)) throw new TypeError('requestId must be an xs:ID');
  const xml = [
    `<samlp:AuthnRequest xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}"`,
    ` ID="${requestId}" Version="2.0" IssueInstant="${input.now.toISOString()}"`,
    ` Destination="${escapeXml(input.idpSsoUrl)}" AssertionConsumerServiceURL="${escapeXml(input.acsUrl)}" ProtocolBinding="${BINDING_POST}">`,
    `<saml:Issuer>${escapeXml(input.spEntityId)}</saml:Issuer>`,
    '<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified" AllowCreate="true"/>',
    '</samlp:AuthnRequest>',
  ].join('');
  const url = new URL(input.idpSsoUrl);
  url.searchParams.append('SAMLRequest', deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'));
  if (input.relayState !== undefined) url.searchParams.append('RelayState', input.relayState);
  return { url: url.toString(), requestId, xml };
}
