/**
 * Metadata both ways: the identity provider's, read when an admin pastes or uploads it (its
 * entity ID, where to send people, the certificates it signs with), and ours, for the admin
 * to give the identity provider.
 */
import { readCertificate, type SigningCertificate } from './saml-certificates.js';
import { refuse } from './saml-refusal.js';
import { attribute, children, descendants, escapeXml, NS, onlyChild, parseStrictXml, textOf, type XmlElement } from './saml-xml.js';

/** An identity provider's metadata document is a few kilobytes; a whole federation's is refused. */
export const MAX_METADATA_BYTES = 512 * 1024;
/** More signing certificates than this is no identity provider's rollover. */
const MAX_SIGNING_CERTIFICATES = 10;

export const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const PROTOCOL_SAML2 = 'urn:oasis:names:tc:SAML:2.0:protocol';

export interface IdpMetadata {
  entityId: string;
  /** Where the HTTP-Redirect binding sends AuthnRequests. */
  ssoRedirectUrl: string;
  signingCertificates: SigningCertificate[];
  /** The identity provider asks for signed AuthnRequests, which this service provider does not send: the admin must turn that off there. */
  wantAuthnRequestsSigned: boolean;
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  const doc = parseStrictXml(xml, MAX_METADATA_BYTES, 'metadata');
  const entity = entityDescriptor(doc.documentElement!);
  const entityId = attribute(entity, 'entityID');
  if (!entityId || entityId.trim() !== entityId || entityId.length > 1024) {
    refuse('SAML_METADATA_INVALID', 'The metadata has no usable entityID on its EntityDescriptor.');
  }
  const idps = children(entity, NS.metadata, 'IDPSSODescriptor').filter((d) =>
    (attribute(d, 'protocolSupportEnumeration') ?? '').split(/\s+/).includes(PROTOCOL_SAML2),
  );
  if (idps.length !== 1) {
    refuse(
      'SAML_METADATA_INVALID',
      'The metadata must describe exactly one SAML 2.0 identity provider (IDPSSODescriptor); this looks like a service provider or a federation.',
    );
  }
  const idp = idps[0];
  return {
    entityId,
    ssoRedirectUrl: redirectUrl(idp),
    signingCertificates: signingCertificates(idp),
    wantAuthnRequestsSigned: attribute(idp, 'WantAuthnRequestsSigned') === 'true',
  };
}

function entityDescriptor(root: XmlElement): XmlElement {
  if (root.namespaceURI === NS.metadata && root.localName === 'EntityDescriptor') return root;
  if (root.namespaceURI === NS.metadata && root.localName === 'EntitiesDescriptor') {
    const entities = children(root, NS.metadata, 'EntityDescriptor');
    if (entities.length === 1) return entities[0];
    refuse('SAML_METADATA_INVALID', `The metadata lists ${entities.length} entities; give the metadata of this one identity provider.`);
  }
  refuse('SAML_METADATA_INVALID', 'This is not SAML 2.0 metadata (no md:EntityDescriptor).');
}

function redirectUrl(idp: XmlElement): string {
  const services = children(idp, NS.metadata, 'SingleSignOnService').filter((s) => attribute(s, 'Binding') === BINDING_REDIRECT);
  const location = services.length > 0 ? attribute(services[0], 'Location') : null;
  if (!location) {
    refuse(
      'SAML_METADATA_INVALID',
      'The identity provider offers no SingleSignOnService with the HTTP-Redirect binding; turn it on at the identity provider.',
    );
  }
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    refuse('SAML_METADATA_INVALID', `The sign-in address ${location} is not a URL.`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    refuse('SAML_METADATA_INVALID', `The sign-in address ${location} must use https.`);
  }
  if (url.username || url.password || url.hash)
    refuse('SAML_METADATA_INVALID', `The sign-in address ${location} must not hold credentials or a fragment.`);
  return url.toString();
}

function signingCertificates(idp: XmlElement): SigningCertificate[] {
  const byFingerprint = new Map<string, SigningCertificate>();
  for (const key of children(idp, NS.metadata, 'KeyDescriptor')) {
    const use = attribute(key, 'use');
    if (use !== null && use !== 'signing') continue;
    const keyInfo = onlyChild(key, NS.dsig, 'KeyInfo', 'A KeyDescriptor');
    if (!keyInfo) continue;
    for (const cert of descendants(keyInfo, NS.dsig, 'X509Certificate')) {
      const read = readCertificate(textOf(cert, 'An X509Certificate'));
      byFingerprint.set(read.fingerprint, read);
    }
  }
  if (byFingerprint.size === 0)
    refuse('SAML_METADATA_INVALID', 'The metadata holds no signing certificate (KeyDescriptor use="signing" with an X509Certificate).');
  if (byFingerprint.size > MAX_SIGNING_CERTIFICATES)
    refuse(
      'SAML_METADATA_INVALID',
      `The metadata holds ${byFingerprint.size} signing certificates; at most ${MAX_SIGNING_CERTIFICATES} are accepted.`,
    );
  return [...byFingerprint.values()];
}

export interface ServiceProvider {
  /** Our entity ID for this connection (the Audience the identity provider must name). */
  entityId: string;
  /** Our Assertion Consumer Service: where the identity provider posts its Response. */
  acsUrl: string;
}

/** Our metadata: HTTP-POST to the ACS, signed assertions wanted, unsigned AuthnRequests. */
export function serviceProviderMetadata({ entityId, acsUrl }: ServiceProvider): string {
  checkText(entityId, 'entityId');
  checkAbsoluteUrl(acsUrl, 'acsUrl');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="${NS.metadata}" entityID="${escapeXml(entityId)}">`,
    `<md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="${PROTOCOL_SAML2}">`,
    '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    `<md:AssertionConsumerService Binding="${BINDING_POST}" Location="${escapeXml(acsUrl)}" index="0" isDefault="true"/>`,
    '</md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
  ].join('');
}

/** Caller's input for what this folder writes: a programming error, so it throws. */
export function checkText(value: string, name: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (typeof value !== 'string' || value.length === 0 || value.length > 1024 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new TypeError(`${name} must be 1 to 1024 characters without control characters`);
  }
}

export function checkAbsoluteUrl(value: string, name: string): void {
  checkText(value, name);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} must be an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`${name} must be an http(s) URL`);
}
