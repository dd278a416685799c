/**
 * One enveloped XML signature, checked the way this service provider accepts it, before and
 * around xml-crypto's cryptographic check:
 *
 * - the Signature is a direct child of the element it signs, and its one Reference points at
 *   that element's ID, which no other element of the document carries;
 * - SignedInfo and the reference name only algorithms on our list: RSA-SHA256/512, SHA-256/512
 *   digests, exclusive canonicalization without comments, the enveloped-signature transform
 *   (SHA-1, XSLT, XPath and the like are refused by name, before any of them could run);
 * - the Signature holds nothing else that xml-crypto might read in place of what we checked
 *   (it looks its parts up by local name anywhere below the Signature);
 * - the key comes from the connection's trusted certificates only, never from the KeyInfo the
 *   message carries, which is read only to name the certificate in a refusal.
 *
 * It returns what xml-crypto verified: the canonical XML of the signed element
 * (`getSignedReferences()`), from which alone the caller reads anything.
 */
import { SignedXml } from 'xml-crypto';
import type { SigningCertificate } from './saml-certificates.js';
import { fingerprintOf } from './saml-certificates.js';
import { refuse } from './saml-refusal.js';
import { attribute, childElements, children, descendants, NS, textOf, type XmlDocument, type XmlElement } from './saml-xml.js';

const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SIGNATURE_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
]);
const DIGEST_ALGORITHMS = new Set(['http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2001/04/xmlenc#sha512']);
const WEAK = new Set([
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  'http://www.w3.org/2000/09/xmldsig#sha1',
  'http://www.w3.org/2000/09/xmldsig#hmac-sha1',
  'http://www.w3.org/2000/09/xmldsig#dsa-sha1',
]);
const TRANSFORMS = new Set([ENVELOPED, EXC_C14N]);

/** How many of each part a Signature we accept holds, counted by local name in any namespace, as xml-crypto finds them. */
const PARTS: Record<string, [min: number, max: number]> = {
  SignedInfo: [1, 1],
  CanonicalizationMethod: [1, 1],
  SignatureMethod: [1, 1],
  Reference: [1, 1],
  DigestMethod: [1, 1],
  DigestValue: [1, 1],
  SignatureValue: [1, 1],
  Transforms: [0, 1],
  KeyInfo: [0, 1],
  Object: [0, 0],
  Manifest: [0, 0],
};

/** The ID attributes xml-crypto resolves a Reference URI against. */
const ID_ATTRIBUTES = ['ID', 'Id', 'id'];

export function verifyEnvelopedSignature(
  xml: string,
  doc: XmlDocument,
  signature: XmlElement,
  signed: XmlElement,
  trusted: readonly SigningCertificate[],
): string {
  const what = signed.localName;
  const id = attribute(signed, 'ID');
  if (!id) refuse('SAML_SIGNATURE_REFERENCE', `The signed ${what} has no ID.`);
  checkParts(signature, what);
  const signedInfo = children(signature, NS.dsig, 'SignedInfo')[0];
  if (!signedInfo) refuse('SAML_SIGNATURE_MISPLACED', `The ${what}'s signature has no ds:SignedInfo.`);
  checkAlgorithm(
    algorithmOf(signedInfo, 'CanonicalizationMethod', what),
    new Set([EXC_C14N]),
    `canonicalization of the ${what}'s signature`,
  );
  checkAlgorithm(algorithmOf(signedInfo, 'SignatureMethod', what), SIGNATURE_ALGORITHMS, `signature algorithm of the ${what}`);
  const reference = children(signedInfo, NS.dsig, 'Reference')[0];
  if (!reference) refuse('SAML_SIGNATURE_REFERENCE', `The ${what}'s signature references nothing.`);
  const uri = attribute(reference, 'URI');
  if (uri !== `#${id}`) {
    refuse('SAML_SIGNATURE_REFERENCE', `The ${what}'s signature covers "${uri ?? ''}", not the ${what} it is in (#${id}).`, {
      received: uri ?? '',
      expected: `#${id}`,
    });
  }
  const carriers = ID_ATTRIBUTES.flatMap((name) => descendants(doc, '*', '*').filter((e) => e.getAttribute(name) === id));
  if (carriers.length !== 1)
    refuse('SAML_SIGNATURE_REFERENCE', `${carriers.length} elements carry the ID ${id}; a signed ID must be unique.`);
  for (const transforms of children(reference, NS.dsig, 'Transforms')) {
    for (const transform of childElements(transforms)) {
      const algorithm = attribute(transform, 'Algorithm') ?? '';
      if (!TRANSFORMS.has(algorithm)) {
        refuse(
          'SAML_TRANSFORM_NOT_ALLOWED',
          `The ${what}'s signature applies the transform ${algorithm || '(none named)'}; only enveloped-signature and exclusive canonicalization are accepted.`,
          { algorithm },
        );
      }
    }
  }
  checkAlgorithm(algorithmOf(reference, 'DigestMethod', what), DIGEST_ALGORITHMS, `digest of the ${what}'s signature`);
  return cryptographicCheck(xml, signature, trusted, what);
}

function checkParts(signature: XmlElement, what: string): void {
  const counts = new Map<string, number>();
  for (const element of descendants(signature, '*', '*')) {
    if (element === signature) continue;
    counts.set(element.localName, (counts.get(element.localName) ?? 0) + 1);
  }
  for (const [part, [min, max]] of Object.entries(PARTS)) {
    const n = counts.get(part) ?? 0;
    if (n < min || n > max)
      refuse(
        'SAML_SIGNATURE_MISPLACED',
        `The ${what}'s signature holds ${n} ${part} element(s); a signature we accept holds ${min === max ? min : `${min} to ${max}`}.`,
      );
  }
  if ((counts.get('Signature') ?? 0) > 0) refuse('SAML_SIGNATURE_MISPLACED', `The ${what}'s signature holds another signature.`);
}

function algorithmOf(parent: XmlElement, part: string, what: string): string {
  const element = children(parent, NS.dsig, part)[0];
  const algorithm = element ? attribute(element, 'Algorithm') : null;
  if (!algorithm) refuse('SAML_SIGNATURE_MISPLACED', `The ${what}'s signature names no ${part}.`);
  return algorithm;
}

function checkAlgorithm(algorithm: string, allowed: Set<string>, what: string): void {
  if (WEAK.has(algorithm)) {
    refuse('SAML_WEAK_ALGORITHM', `The ${what} is ${algorithm}, which uses SHA-1 and is refused; set the identity provider to SHA-256.`, {
      algorithm,
    });
  }
  if (!allowed.has(algorithm)) {
    refuse('SAML_UNSUPPORTED_ALGORITHM', `The ${what} is ${algorithm}, which is not accepted (accepted: ${[...allowed].join(', ')}).`, {
      algorithm,
    });
  }
}

/** A SignedXml that knows only the algorithms we accept, so a check we missed above still fails closed inside the library. */
function verifier(cert: SigningCertificate): SignedXml {
  const sig = new SignedXml({ publicCert: cert.pem, getCertFromKeyInfo: () => null });
  const keep = <T>(table: Record<string, T>, allowed: Set<string>) => {
    for (const name of Object.keys(table)) if (!allowed.has(name)) delete table[name];
  };
  keep(sig.SignatureAlgorithms, SIGNATURE_ALGORITHMS);
  keep(sig.HashAlgorithms, DIGEST_ALGORITHMS);
  keep(sig.CanonicalizationAlgorithms, TRANSFORMS);
  return sig;
}

const WRONG_KEY = /^invalid signature: the signature value /;

function cryptographicCheck(xml: string, signature: XmlElement, trusted: readonly SigningCertificate[], what: string): string {
  if (trusted.length === 0)
    refuse(
      'SAML_UNTRUSTED_CERTIFICATE',
      "This connection trusts no signing certificate yet; add the identity provider's certificate or metadata.",
    );
  for (const cert of trusted) {
    const sig = verifier(cert);
    let verified: boolean;
    try {
      sig.loadSignature(signature as unknown as Node);
      verified = sig.checkSignature(xml);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (WRONG_KEY.test(message)) continue;
      refuse('SAML_SIGNATURE_INVALID', `The ${what}'s signature could not be verified: ${message.slice(0, 200)}`);
    }
    // false: a reference's digest differs, whatever the key: the content changed after signing.
    if (!verified) refuse('SAML_CONTENT_ALTERED', `The signed ${what} was changed after it was signed (its digest no longer matches).`);
    const references = sig.getSignedReferences();
    if (references.length !== 1)
      refuse('SAML_SIGNATURE_REFERENCE', `The ${what}'s signature covers ${references.length} elements; exactly one is accepted.`);
    return references[0];
  }
  return untrusted(signature, trusted, what);
}

function untrusted(signature: XmlElement, trusted: readonly SigningCertificate[], what: string): never {
  const expected = trusted.map((c) => c.fingerprint);
  const keyInfo = children(signature, NS.dsig, 'KeyInfo')[0];
  const carried = keyInfo ? descendants(keyInfo, NS.dsig, 'X509Certificate')[0] : undefined;
  const received = carried ? fingerprintOf(textOf(carried, 'X509Certificate')) : null;
  const expectedText = expected.length === 1 ? expected[0] : `one of ${expected.join(', ')}`;
  if (received && !expected.includes(received)) {
    refuse(
      'SAML_UNTRUSTED_CERTIFICATE',
      `The ${what} was signed with a certificate this connection does not trust: SHA-256 fingerprint ${received}, expected ${expectedText}. If the identity provider rolled its certificate over, add the new one to the connection.`,
      { received, expected },
    );
  }
  refuse(
    'SAML_SIGNATURE_INVALID',
    `The ${what}'s signature does not verify with the certificate this connection trusts (SHA-256 fingerprint ${expectedText}).`,
    { expected },
  );
}
