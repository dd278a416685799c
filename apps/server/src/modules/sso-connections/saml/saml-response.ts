/**
 * Verifies the Response an identity provider posted to our ACS (Web Browser SSO profile,
 * HTTP-POST binding) and returns the identity it asserts, or why it is refused.
 *
 * The order: bound and parse the XML (no DTD); one Response root, one Assertion anywhere in
 * the document, directly under the Response, and signatures only directly under those two;
 * every signature present verified with the connection's certificates (at least one covering
 * the assertion); then every value is read from the canonical XML the signature covered,
 * never from the document as received: the assertion's own signed XML when the assertion is
 * signed, else the assertion inside the signed Response. Last, the assertion's ID is
 * remembered until it expires, so a second post of it is refused.
 */

import { checkInResponseTo, readAssertion, type SamlIdentity } from './saml-assertion.js';
import type { SigningCertificate } from './saml-certificates.js';
import { refuse, type SamlRefusal, SamlRefused } from './saml-refusal.js';
import { verifyEnvelopedSignature } from './saml-signature.js';
import { attribute, children, descendants, NS, onlyChild, parseStrictXml, textOf, type XmlDocument, type XmlElement } from './saml-xml.js';

/** A Response with a few dozen attributes is under 20 KB; this leaves room and bounds the parse. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** The most clock difference ever allowed between us and the identity provider. */
export const MAX_SKEW_MS = 120_000;

const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

export interface VerifyResponseInput {
  /** The Response XML: the POST's SAMLResponse, base64-decoded. */
  xml: string;
  /** The connection's signing certificates (a rollover has two). */
  trustedCerts: readonly SigningCertificate[];
  expected: {
    /** Our entity ID: the Audience. */
    spEntityId: string;
    /** Our ACS: the Destination and the Recipient. */
    acsUrl: string;
    /** The identity provider's entity ID: the Issuer. */
    idpEntityId: string;
  };
  /** The ID of the AuthnRequest we sent for this browser; null only where unsolicited responses are allowed. */
  inResponseTo: string | null;
  now: Date;
  /** At most MAX_SKEW_MS; larger values are cut to it. */
  skewMs?: number;
  /** Records the assertion's ID until `until`; false when it was already recorded (a replay). */
  rememberAssertion: (assertionId: string, until: Date) => Promise<boolean>;
}

/**
 * `unsolicited` is true when no request was expected (`inResponseTo: null`): such an identity
 * must not sign anyone in; the caller starts a fresh request to the identity provider instead
 * (decision 063).
 */
export type SamlVerification = ({ ok: true; unsolicited: boolean } & SamlIdentity) | ({ ok: false } & SamlRefusal);

export type { SamlIdentity };

export async function verifySamlResponse(input: VerifyResponseInput): Promise<SamlVerification> {
  let identity: SamlIdentity & { rememberUntil: Date };
  try {
    identity = checkResponse(input);
  } catch (err) {
    if (err instanceof SamlRefused) return { ok: false, ...err.toRefusal() };
    throw err;
  }
  const { rememberUntil, ...result } = identity;
  if (!(await input.rememberAssertion(result.assertionId, rememberUntil))) {
    return {
      ok: false,
      code: 'SAML_REPLAYED',
      message: `The assertion ${result.assertionId} was already used to sign in; each assertion signs in once. Start the sign-in again.`,
      details: { assertionId: result.assertionId },
    };
  }
  return { ok: true, unsolicited: input.inResponseTo === null, ...result };
}

function checkResponse(input: VerifyResponseInput): SamlIdentity & { rememberUntil: Date } {
  // A skew or a clock that is no number would make every time comparison false: none expires.
  if (Number.isNaN(input.now.getTime())) throw new TypeError('now must be a valid date');
  const skewMs = Number.isFinite(input.skewMs) ? Math.min(Math.max(input.skewMs!, 0), MAX_SKEW_MS) : MAX_SKEW_MS;
  const doc = parseStrictXml(input.xml, MAX_RESPONSE_BYTES, 'SAML response');
  const response = doc.documentElement!;
  if (response.namespaceURI !== NS.protocol || response.localName !== 'Response') {
    refuse('SAML_NOT_A_RESPONSE', `The message is a ${response.localName}, not a SAML 2.0 Response.`);
  }
  checkStatus(response);
  if (descendants(doc, NS.assertion, 'EncryptedAssertion').length > 0) {
    refuse(
      'SAML_ENCRYPTED_ASSERTION',
      'The assertion is encrypted; encrypted assertions are not supported. Turn assertion encryption off at the identity provider (the connection uses https).',
    );
  }
  const assertions = descendants(doc, NS.assertion, 'Assertion');
  const assertion = children(response, NS.assertion, 'Assertion')[0];
  if (assertions.length !== 1 || !assertion) {
    refuse(
      'SAML_ASSERTION_COUNT',
      `The response holds ${assertions.length} assertions${assertion ? '' : ', none directly in the Response'}; exactly one, directly in the Response, is accepted.`,
    );
  }
  const { responseSignature, assertionSignature } = placedSignatures(doc, response, assertion);
  if (!responseSignature && !assertionSignature) {
    refuse(
      'SAML_SIGNATURE_MISSING',
      'Neither the response nor its assertion is signed. Set the identity provider to sign the assertion (or the response).',
    );
  }
  const signedResponse = responseSignature
    ? signedRoot(verifyEnvelopedSignature(input.xml, doc, responseSignature, response, input.trustedCerts), response)
    : null;
  const signedAssertion = assertionSignature
    ? signedRoot(verifyEnvelopedSignature(input.xml, doc, assertionSignature, assertion, input.trustedCerts), assertion)
    : onlyAssertionOf(signedResponse!);
  // Response-level values: from the signed Response when it is signed, else as received (the
  // binding's rule; everything that names the person or us is read from the signed assertion).
  checkResponseEnvelope(signedResponse ?? response, !!signedResponse, input);
  return readAssertion(signedAssertion, { ...input, skewMs });
}

function checkStatus(response: XmlElement): void {
  const status = onlyChild(response, NS.protocol, 'Status', 'The Response');
  const code = status ? onlyChild(status, NS.protocol, 'StatusCode', 'The Status') : null;
  const value = code ? attribute(code, 'Value') : null;
  if (value === STATUS_SUCCESS) return;
  const sub = code ? onlyChild(code, NS.protocol, 'StatusCode', 'The StatusCode') : null;
  const message = status ? onlyChild(status, NS.protocol, 'StatusMessage', 'The Status') : null;
  const said = message ? ` ("${textOf(message, 'StatusMessage').slice(0, 200)}")` : '';
  refuse(
    'SAML_STATUS_NOT_SUCCESS',
    `The identity provider did not sign the person in: status ${value ?? '(none)'}${sub ? ` / ${attribute(sub, 'Value')}` : ''}${said}.`,
    {
      status: value ?? '',
    },
  );
}

/** Signatures may stand only directly in the Response and directly in the Assertion, one each. */
function placedSignatures(doc: XmlDocument, response: XmlElement, assertion: XmlElement) {
  const all = descendants(doc, NS.dsig, 'Signature');
  const responseSignature = onlyChild(response, NS.dsig, 'Signature', 'The Response');
  const assertionSignature = onlyChild(assertion, NS.dsig, 'Signature', 'The Assertion');
  const placed = [responseSignature, assertionSignature].filter((s) => s !== null).length;
  // Anything named Signature elsewhere, in any namespace, is where wrapping hides a signed copy.
  const lookalikes = descendants(doc, '*', '*').filter((e) => e.localName === 'Signature').length;
  if (all.length !== placed || lookalikes !== placed) {
    refuse(
      'SAML_SIGNATURE_MISPLACED',
      'The response holds a signature outside the Response and Assertion it may sign; such a signature is how signed content is smuggled in, and the response is refused.',
    );
  }
  return { responseSignature, assertionSignature };
}

/** Parses what a signature covered and checks it is the element whose signature it was. */
function signedRoot(canonicalXml: string, expected: XmlElement): XmlElement {
  const root = parseStrictXml(canonicalXml, MAX_RESPONSE_BYTES, 'signed content').documentElement!;
  if (
    root.namespaceURI !== expected.namespaceURI ||
    root.localName !== expected.localName ||
    attribute(root, 'ID') !== attribute(expected, 'ID')
  ) {
    refuse('SAML_SIGNATURE_REFERENCE', `The signature covers a ${root.localName}, not the ${expected.localName} it is in.`);
  }
  return root;
}

function onlyAssertionOf(signedResponse: XmlElement): XmlElement {
  const inside = children(signedResponse, NS.assertion, 'Assertion');
  if (inside.length !== 1 || descendants(signedResponse, NS.assertion, 'Assertion').length !== 1) {
    refuse('SAML_ASSERTION_COUNT', 'The signed response does not hold exactly one assertion.');
  }
  return inside[0];
}

function checkResponseEnvelope(response: XmlElement, signed: boolean, input: VerifyResponseInput): void {
  const destination = attribute(response, 'Destination');
  // The POST binding requires a Destination on a signed Response; on an unsigned one it is checked when present.
  if ((signed || destination !== null) && destination !== input.expected.acsUrl) {
    refuse(
      'SAML_DESTINATION_MISMATCH',
      `The response is addressed to ${destination ?? '(no Destination)'}, not to this connection's ACS ${input.expected.acsUrl}.`,
      {
        received: destination ?? '',
        expected: input.expected.acsUrl,
      },
    );
  }
  const issuer = onlyChild(response, NS.assertion, 'Issuer', 'The Response');
  if (issuer) {
    const value = textOf(issuer, 'The Issuer');
    if (value !== input.expected.idpEntityId) {
      refuse(
        'SAML_ISSUER_MISMATCH',
        `The response was issued by ${value}, not by this connection's identity provider ${input.expected.idpEntityId}.`,
        {
          received: value,
          expected: input.expected.idpEntityId,
        },
      );
    }
  }
  checkInResponseTo(attribute(response, 'InResponseTo'), input.inResponseTo, 'response');
}
