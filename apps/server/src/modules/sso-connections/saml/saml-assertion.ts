/**
 * Reads the signed assertion (parsed from the canonical XML its signature covered) and checks
 * what the Web Browser SSO profile asks of it: our identity provider as Issuer, our entity ID
 * as the Audience of every AudienceRestriction, its times with at most two minutes of skew, a
 * bearer SubjectConfirmation for our ACS answering our request, a NameID and an
 * AuthnStatement.
 */
import { refuse, SamlRefused } from './saml-refusal.js';
import { attribute, children, NS, onlyChild, textOf, type XmlElement } from './saml-xml.js';

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
/** Attributes past these bounds are no person's profile. */
const MAX_ATTRIBUTES = 200;
const MAX_VALUES = 100;

export interface SamlIdentity {
  /** The NameID's whole text, as signed. */
  nameId: string;
  nameIdFormat: string | null;
  /** Each attribute's values by its Name. */
  attributes: Record<string, string[]>;
  /** When the identity provider wants the session to end (AuthnStatement/@SessionNotOnOrAfter). */
  sessionNotOnOrAfter: Date | null;
  assertionId: string;
  /** The earliest end of the assertion's validity (Conditions and the bearer confirmation). */
  notOnOrAfter: Date;
}

export interface AssertionExpectations {
  expected: { spEntityId: string; acsUrl: string; idpEntityId: string };
  inResponseTo: string | null;
  now: Date;
  skewMs: number;
}

export function readAssertion(assertion: XmlElement, x: AssertionExpectations): SamlIdentity & { rememberUntil: Date } {
  const assertionId = attribute(assertion, 'ID');
  if (!assertionId || attribute(assertion, 'Version') !== '2.0') refuse('SAML_MALFORMED', 'The assertion has no ID or is not SAML 2.0.');
  checkIssuer(assertion, x.expected.idpEntityId);
  const conditionsEnd = checkConditions(assertion, x);
  const subject = onlyChild(assertion, NS.assertion, 'Subject', 'The Assertion');
  const nameIdElement = subject ? onlyChild(subject, NS.assertion, 'NameID', 'The Subject') : null;
  const nameId = nameIdElement ? textOf(nameIdElement, 'The NameID') : '';
  if (!nameIdElement || nameId.trim() === '')
    refuse(
      'SAML_NAME_ID_MISSING',
      'The assertion names no one (no NameID in its Subject); set a NameID at the identity provider (the e-mail address).',
    );
  const confirmationEnd = checkBearer(subject!, x);
  const authn = children(assertion, NS.assertion, 'AuthnStatement');
  if (authn.length === 0) refuse('SAML_AUTHN_STATEMENT_MISSING', 'The assertion does not say the person signed in (no AuthnStatement).');
  const session = attribute(authn[0], 'SessionNotOnOrAfter');
  const notOnOrAfter = new Date(Math.min(confirmationEnd.getTime(), conditionsEnd?.getTime() ?? Number.POSITIVE_INFINITY));
  const lastEnd = Math.max(confirmationEnd.getTime(), conditionsEnd?.getTime() ?? 0);
  return {
    nameId,
    nameIdFormat: attribute(nameIdElement, 'Format'),
    attributes: attributesOf(assertion),
    sessionNotOnOrAfter: session === null ? null : dateTime(session, 'SessionNotOnOrAfter'),
    assertionId,
    notOnOrAfter,
    // Kept until no clock within the skew could still accept it.
    rememberUntil: new Date(lastEnd + x.skewMs),
  };
}

function checkIssuer(assertion: XmlElement, expected: string): void {
  const issuer = onlyChild(assertion, NS.assertion, 'Issuer', 'The Assertion');
  const value = issuer ? textOf(issuer, 'The Issuer') : null;
  if (value !== expected) {
    refuse(
      'SAML_ISSUER_MISMATCH',
      `The assertion was issued by ${value ?? '(no Issuer)'}, not by this connection's identity provider ${expected}.`,
      {
        received: value ?? '',
        expected,
      },
    );
  }
}

function checkConditions(assertion: XmlElement, x: AssertionExpectations): Date | null {
  const conditions = onlyChild(assertion, NS.assertion, 'Conditions', 'The Assertion');
  if (!conditions)
    refuse('SAML_AUDIENCE_MISMATCH', `The assertion has no Conditions, so it names no audience; it must name ${x.expected.spEntityId}.`, {
      expected: x.expected.spEntityId,
    });
  checkWindow(attribute(conditions, 'NotBefore'), attribute(conditions, 'NotOnOrAfter'), x, 'assertion (Conditions)');
  const restrictions = children(conditions, NS.assertion, 'AudienceRestriction');
  if (restrictions.length === 0)
    refuse('SAML_AUDIENCE_MISMATCH', `The assertion names no audience; it must name ${x.expected.spEntityId}.`, {
      expected: x.expected.spEntityId,
    });
  for (const restriction of restrictions) {
    const audiences = children(restriction, NS.assertion, 'Audience').map((a) => textOf(a, 'An Audience'));
    if (!audiences.includes(x.expected.spEntityId)) {
      refuse(
        'SAML_AUDIENCE_MISMATCH',
        `The assertion is meant for ${audiences.join(', ') || '(no audience)'}, not for this connection's entity ID ${x.expected.spEntityId}.`,
        {
          received: audiences,
          expected: x.expected.spEntityId,
        },
      );
    }
  }
  const end = attribute(conditions, 'NotOnOrAfter');
  return end === null ? null : dateTime(end, 'NotOnOrAfter');
}

/** A bearer confirmation that passes every check; when none does, the first one's reason. */
function checkBearer(subject: XmlElement, x: AssertionExpectations): Date {
  const bearers = children(subject, NS.assertion, 'SubjectConfirmation').filter((c) => attribute(c, 'Method') === BEARER);
  if (bearers.length === 0) refuse('SAML_SUBJECT_CONFIRMATION_MISSING', 'The assertion has no bearer SubjectConfirmation.');
  let first: SamlRefused | undefined;
  for (const bearer of bearers) {
    try {
      return checkConfirmationData(bearer, x);
    } catch (err) {
      if (!(err instanceof SamlRefused)) throw err;
      first ??= err;
    }
  }
  throw first;
}

function checkConfirmationData(bearer: XmlElement, x: AssertionExpectations): Date {
  const data = onlyChild(bearer, NS.assertion, 'SubjectConfirmationData', 'The SubjectConfirmation');
  if (!data) refuse('SAML_SUBJECT_CONFIRMATION_MISSING', 'The bearer SubjectConfirmation has no SubjectConfirmationData.');
  const recipient = attribute(data, 'Recipient');
  if (recipient !== x.expected.acsUrl) {
    refuse(
      'SAML_RECIPIENT_MISMATCH',
      `The assertion's Recipient is ${recipient ?? '(none)'}, not this connection's ACS ${x.expected.acsUrl}.`,
      {
        received: recipient ?? '',
        expected: x.expected.acsUrl,
      },
    );
  }
  const end = attribute(data, 'NotOnOrAfter');
  if (end === null) refuse('SAML_SUBJECT_CONFIRMATION_MISSING', 'The bearer SubjectConfirmationData has no NotOnOrAfter.');
  checkWindow(attribute(data, 'NotBefore'), end, x, 'assertion (SubjectConfirmationData)');
  checkInResponseTo(attribute(data, 'InResponseTo'), x.inResponseTo, 'assertion');
  return dateTime(end, 'NotOnOrAfter');
}

function checkWindow(notBefore: string | null, notOnOrAfter: string | null, x: AssertionExpectations, what: string): void {
  const now = x.now.getTime();
  if (notBefore !== null) {
    const start = dateTime(notBefore, 'NotBefore');
    if (now < start.getTime() - x.skewMs) {
      refuse(
        'SAML_NOT_YET_VALID',
        `The ${what} is valid only from ${start.toISOString()}; it is ${x.now.toISOString()} here. Check the identity provider's clock.`,
        {
          notBefore: start.toISOString(),
          now: x.now.toISOString(),
        },
      );
    }
  }
  if (notOnOrAfter !== null) {
    const end = dateTime(notOnOrAfter, 'NotOnOrAfter');
    if (now >= end.getTime() + x.skewMs) {
      refuse('SAML_EXPIRED', `The ${what} expired at ${end.toISOString()}; it is ${x.now.toISOString()} here. Start the sign-in again.`, {
        notOnOrAfter: end.toISOString(),
        now: x.now.toISOString(),
      });
    }
  }
}

function dateTime(value: string, name: string): Date {
  const ms = DATE_TIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) refuse('SAML_MALFORMED', `${name} "${value.slice(0, 40)}" is not a date and time.`);
  return new Date(ms);
}

function attributesOf(assertion: XmlElement): Record<string, string[]> {
  const values = new Map<string, string[]>();
  for (const statement of children(assertion, NS.assertion, 'AttributeStatement')) {
    for (const attr of children(statement, NS.assertion, 'Attribute')) {
      const name = attribute(attr, 'Name');
      if (!name) continue;
      const list = values.get(name) ?? [];
      for (const v of children(attr, NS.assertion, 'AttributeValue'))
        if (list.length < MAX_VALUES) list.push(textOf(v, `The attribute ${name}`));
      values.set(name, list);
      if (values.size > MAX_ATTRIBUTES) refuse('SAML_MALFORMED', `The assertion holds more than ${MAX_ATTRIBUTES} attributes.`);
    }
  }
  // Own data properties only (fromEntries), so an attribute named __proto__ is just a name.
  return Object.fromEntries(values);
}

export function checkInResponseTo(received: string | null, expected: string | null, where: string): void {
  if (expected === null) {
    if (received !== null) {
      refuse(
        'SAML_IN_RESPONSE_TO_MISMATCH',
        `The ${where} answers a request (${received}) this browser did not send; start the sign-in again.`,
        { received },
      );
    }
    return;
  }
  if (received === null) {
    refuse(
      'SAML_UNSOLICITED',
      `The ${where} answers no request (no InResponseTo), but this sign-in started here; an unsolicited (IdP-initiated) response is not accepted in its place.`,
      { expected },
    );
  }
  if (received !== expected) {
    refuse(
      'SAML_IN_RESPONSE_TO_MISMATCH',
      `The ${where} answers request ${received}, not the one this browser sent (${expected}); start the sign-in again.`,
      { received, expected },
    );
  }
}
