/**
 * A SAML 2.0 identity provider for tests: real RSA keys and X.509 certificates (node:crypto
 * keys, certificates made with node-forge), responses signed by xml-crypto's SignedXml as an
 * identity provider signs them, and the shapes attackers give them (signature wrapping XSW1
 * to XSW8 after SAML Raider's numbering, altered values, comments, SHA-1, XSLT). `serve()`
 * answers on loopback: its metadata, and its SSO address, which reads our AuthnRequest and
 * answers the page that posts the Response to our ACS.
 */
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import type { XmlDocument, XmlElement } from '../modules/sso-connections/saml/saml-xml.js';

const P = 'urn:oasis:names:tc:SAML:2.0:protocol';
const A = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const ALG = {
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  rsaSha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
  sha1: 'http://www.w3.org/2000/09/xmldsig#sha1',
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  xslt: 'http://www.w3.org/TR/1999/REC-xslt-19991116',
} as const;

export interface SigningKey {
  privateKeyPem: string;
  certPem: string;
  fingerprint: string;
}

/** A 2048-bit RSA key and a self-signed certificate valid from `notBefore` to `notAfter`. */
export function makeSigningKey(options: { notBefore?: Date; notAfter?: Date; commonName?: string } = {}): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const name = [{ name: 'commonName', value: options.commonName ?? 'Test IdP' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(cert);
  return { privateKeyPem, certPem, fingerprint: new X509Certificate(certPem).fingerprint256 };
}

export const certBase64 = (key: SigningKey) => key.certPem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

export interface ResponseOptions {
  nameId?: string;
  /** The request answered; null for an unsolicited response. */
  inResponseTo?: string | null;
  audience?: string;
  destination?: string | null;
  recipient?: string;
  issuer?: string;
  assertionIssuer?: string;
  now?: Date;
  notBefore?: Date;
  notOnOrAfter?: Date;
  confirmationNotOnOrAfter?: Date;
  sessionNotOnOrAfter?: Date;
  attributes?: Record<string, string[]>;
  assertionId?: string;
  status?: string;
  sign?: 'assertion' | 'response' | 'both' | 'none';
  key?: SigningKey;
  signatureAlgorithm?: string;
  digestAlgorithm?: string;
}

export interface SamlIdp {
  entityId: string;
  key: SigningKey;
  /** The service provider its responses are for; a browser test sets them once the console has shown them. */
  spEntityId: string;
  acsUrl: string;
  metadata(options?: { keys?: SigningKey[]; ssoUrl?: string }): string;
  /** A Response as the options say: by default a valid one for the SP, its assertion signed. */
  response(options?: ResponseOptions): string;
  /** Signs the Response or Assertion of an unsigned response. */
  sign(xml: string, what: 'Response' | 'Assertion', key?: SigningKey, algorithms?: { signature?: string; digest?: string }): string;
  serve(): Promise<{ url: string; ssoUrl: string; requests: string[]; nextNameId: { value: string }; close(): Promise<void> }>;
}

/**
 * What an identity provider reads of the console's redirect (HTTP-Redirect binding): the
 * AuthnRequest, its ID that the Response must answer, where to post the answer, and the
 * RelayState to send back with it.
 */
export function readAuthnRedirect(redirect: string | URL) {
  const url = new URL(redirect);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const request = parse(xml).documentElement!;
  return {
    xml,
    id: request.getAttribute('ID') ?? '',
    acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '',
    relayState: url.searchParams.get('RelayState'),
  };
}

const iso = (d: Date) => d.toISOString();
const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function createSamlIdp(config: { entityId?: string; spEntityId?: string; acsUrl?: string; key?: SigningKey } = {}): SamlIdp {
  const entityId = config.entityId ?? 'https://idp.example.test/metadata';
  const key = config.key ?? makeSigningKey();

  const idp: SamlIdp = {
    entityId,
    key,
    spEntityId: config.spEntityId ?? 'https://console.example.test/saml/sp',
    acsUrl: config.acsUrl ?? 'https://console.example.test/api/sso/saml/acs',
    metadata({ keys = [key], ssoUrl = 'https://idp.example.test/sso' } = {}) {
      const descriptors = keys
        .map(
          (k) =>
            `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBase64(k)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`,
        )
        .join('');
      return `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="${DS}" entityID="${esc(entityId)}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${descriptors}<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${esc(ssoUrl)}/post"/><md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(ssoUrl)}"/></md:IDPSSODescriptor></md:EntityDescriptor>`;
    },

    response(o = {}) {
      const { acsUrl, spEntityId } = idp;
      const now = o.now ?? new Date();
      const later = new Date(now.getTime() + 5 * 60_000);
      const inResponseTo = o.inResponseTo === undefined ? '_request1' : o.inResponseTo;
      const irt = inResponseTo === null ? '' : ` InResponseTo="${esc(inResponseTo)}"`;
      const destination = o.destination === undefined ? acsUrl : o.destination;
      const attributes = Object.entries(o.attributes ?? { email: [o.nameId ?? 'ana@acme.example'] })
        .map(
          ([name, values]) =>
            `<saml:Attribute Name="${esc(name)}">${values.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
        )
        .join('');
      const xml = [
        `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="_r${randomBytes(8).toString('hex')}" Version="2.0" IssueInstant="${iso(now)}"${destination === null ? '' : ` Destination="${esc(destination)}"`}${irt}>`,
        `<saml:Issuer>${esc(o.issuer ?? entityId)}</saml:Issuer>`,
        `<samlp:Status><samlp:StatusCode Value="${o.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success'}"/></samlp:Status>`,
        `<saml:Assertion ID="${o.assertionId ?? `_a${randomBytes(8).toString('hex')}`}" Version="2.0" IssueInstant="${iso(now)}">`,
        `<saml:Issuer>${esc(o.assertionIssuer ?? o.issuer ?? entityId)}</saml:Issuer>`,
        `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(o.nameId ?? 'ana@acme.example')}</saml:NameID>`,
        `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} Recipient="${esc(o.recipient ?? acsUrl)}" NotOnOrAfter="${iso(o.confirmationNotOnOrAfter ?? o.notOnOrAfter ?? later)}"/></saml:SubjectConfirmation></saml:Subject>`,
        `<saml:Conditions NotBefore="${iso(o.notBefore ?? new Date(now.getTime() - 5000))}" NotOnOrAfter="${iso(o.notOnOrAfter ?? later)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience ?? spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`,
        `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s1"${o.sessionNotOnOrAfter ? ` SessionNotOnOrAfter="${iso(o.sessionNotOnOrAfter)}"` : ''}><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
        `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>`,
        '</saml:Assertion></samlp:Response>',
      ].join('');
      const sign = o.sign ?? 'assertion';
      const algorithms = { signature: o.signatureAlgorithm, digest: o.digestAlgorithm };
      let out = xml;
      if (sign === 'assertion' || sign === 'both') out = idp.sign(out, 'Assertion', o.key, algorithms);
      if (sign === 'response' || sign === 'both') out = idp.sign(out, 'Response', o.key, algorithms);
      return out;
    },

    sign(xml, what, signingKey = key, algorithms = {}) {
      const sig = new SignedXml({
        privateKey: signingKey.privateKeyPem,
        publicCert: signingKey.certPem,
        signatureAlgorithm: algorithms.signature ?? ALG.rsaSha256,
        canonicalizationAlgorithm: ALG.excC14n,
      });
      const target = `/*[local-name(.)='Response']${what === 'Assertion' ? "/*[local-name(.)='Assertion']" : ''}`;
      sig.addReference({ xpath: target, digestAlgorithm: algorithms.digest ?? ALG.sha256, transforms: [ALG.enveloped, ALG.excC14n] });
      sig.computeSignature(xml, { prefix: 'ds', location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' } });
      return sig.getSignedXml();
    },

    async serve() {
      const requests: string[] = [];
      const nextNameId = { value: 'ana@acme.example' };
      const server: Server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (url.pathname === '/metadata') {
          res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadata({ ssoUrl: `${base}/sso` }));
          return;
        }
        if (url.pathname === '/sso') {
          const { xml, id, acsUrl, relayState } = readAuthnRedirect(url);
          requests.push(xml);
          const response = idp.response({ inResponseTo: id, nameId: nextNameId.value });
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              `<form method="post" action="${esc(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(response).toString('base64')}"/>${relayState === null ? '' : `<input type="hidden" name="RelayState" value="${esc(relayState)}"/>`}<button type="submit">Continue</button></form>`,
            );
          return;
        }
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return {
        url: base,
        ssoUrl: `${base}/sso`,
        requests,
        nextNameId,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
    },
  };
  return idp;
}

// --- Attacks: each takes a signed response and returns what an attacker would post. ---

export function parse(xml: string): XmlDocument {
  return new DOMParser().parseFromString(xml, 'text/xml') as unknown as XmlDocument;
}
export function serialize(doc: XmlDocument): string {
  return new XMLSerializer().serializeToString(doc as unknown as Node);
}
const first = (root: XmlDocument | XmlElement, ns: string, name: string) => root.getElementsByTagNameNS(ns, name)[0];

function setNameId(assertion: XmlElement, value: string): void {
  const nameId = first(assertion, A, 'NameID');
  while (nameId.firstChild) nameId.removeChild(nameId.firstChild);
  nameId.appendChild(nameId.ownerDocument!.createTextNode(value));
}

function unsignedCopy(element: XmlElement): XmlElement {
  const copy = element.cloneNode(true);
  copy.removeChild(first(copy, DS, 'Signature'));
  return copy;
}

/** Changes the NameID of a signed response, leaving every signature as it was. */
export function alterNameId(signedXml: string, value: string): string {
  const doc = parse(signedXml);
  setNameId(first(doc, A, 'Assertion'), value);
  return serialize(doc);
}

/** Splits the signed NameID's text with an empty comment at `at` (canonicalization drops comments, so the signature still holds). */
export function commentInNameId(signedXml: string, at: number): string {
  const doc = parse(signedXml);
  const nameId = first(doc, A, 'NameID');
  const text = nameId.textContent ?? '';
  while (nameId.firstChild) nameId.removeChild(nameId.firstChild);
  nameId.appendChild(doc.createTextNode(text.slice(0, at)));
  nameId.appendChild(doc.createComment(''));
  nameId.appendChild(doc.createTextNode(text.slice(at)));
  return serialize(doc);
}

/** Replaces the transforms of the (first) signature's reference with an XSLT transform. */
export function withXsltTransform(signedXml: string): string {
  const doc = parse(signedXml);
  const transforms = first(doc, DS, 'Transforms');
  const xslt = doc.createElementNS(DS, 'ds:Transform');
  xslt.setAttribute('Algorithm', ALG.xslt);
  transforms.insertBefore(xslt, transforms.firstChild);
  return serialize(doc);
}

/**
 * The eight signature-wrapping shapes. `signedXml` has its Response signed (XSW1, XSW2) or its
 * Assertion signed (XSW3 to XSW8); the evil copy names `victim`.
 */
export function wrap(kind: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, signedXml: string, victim: string): string {
  const doc = parse(signedXml);
  const response = doc.documentElement!;
  if (kind === 1 || kind === 2) {
    // The original Response (its signature taken out) goes inside (XSW1) or before (XSW2) the
    // signature of an evil Response, which takes the original's place as the root.
    const signature = Array.from(response.childNodes).find((n) => (n as XmlElement).localName === 'Signature') as XmlElement;
    const original = unsignedCopy(response);
    response.setAttribute('ID', '_evil_response');
    setNameId(first(response, A, 'Assertion'), victim);
    if (kind === 1) signature.appendChild(original);
    else response.insertBefore(original, signature);
    return serialize(doc);
  }
  const assertion = first(doc, A, 'Assertion');
  const evil = assertion.cloneNode(true);
  const evilSignature = first(evil, DS, 'Signature');
  evil.setAttribute('ID', '_evil_assertion');
  setNameId(evil, victim);
  switch (kind) {
    case 3: // An unsigned evil Assertion before the signed one.
      evil.removeChild(evilSignature);
      response.insertBefore(evil, assertion);
      break;
    case 4: // The signed Assertion inside an unsigned evil one.
      evil.removeChild(evilSignature);
      response.insertBefore(evil, assertion);
      response.removeChild(assertion);
      evil.appendChild(assertion);
      break;
    case 5:
    case 6: {
      // The signed Assertion changed in place (signature kept), the original copied unsigned
      // at the end of the Response (XSW5) or inside the signature (XSW6).
      const original = unsignedCopy(assertion);
      setNameId(assertion, victim);
      assertion.setAttribute('ID', '_evil_assertion');
      if (kind === 5) response.appendChild(original);
      else first(assertion, DS, 'Signature').appendChild(original);
      break;
    }
    case 7: {
      // The signed Assertion moved into an Extensions block, an unsigned evil one in its place.
      const extensions = doc.createElementNS(P, 'samlp:Extensions');
      evil.removeChild(evilSignature);
      response.insertBefore(extensions, assertion);
      response.removeChild(assertion);
      extensions.appendChild(assertion);
      response.appendChild(evil);
      break;
    }
    case 8: {
      // An evil Assertion carrying the signature, the unsigned original inside its ds:Object.
      const original = unsignedCopy(assertion);
      const object = doc.createElementNS(DS, 'ds:Object');
      object.appendChild(original);
      first(evil, DS, 'Signature').appendChild(object);
      response.insertBefore(evil, assertion);
      response.removeChild(assertion);
      break;
    }
  }
  return serialize(doc);
}
