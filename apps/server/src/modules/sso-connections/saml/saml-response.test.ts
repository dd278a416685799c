import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALG,
  alterNameId,
  commentInNameId,
  makeSigningKey,
  parse,
  type SigningKey,
  serialize,
  withXsltTransform,
} from '../../../test/saml-idp.js';
import { type Kit, samlKit } from './saml.fixtures.js';
import { readCertificate } from './saml-certificates.js';
import type { XmlElement } from './saml-xml.js';

let kit: Kit;
let stranger: SigningKey;
const MIN = 60_000;
const at = (ms: number) => new Date(kit.now.getTime() + ms);

beforeAll(() => {
  kit = samlKit();
  stranger = makeSigningKey({ commonName: 'Someone else' });
});

async function refused(xml: string, overrides = {}) {
  const result = await kit.verify(xml, overrides);
  if (result.ok) throw new Error('accepted a response it should refuse');
  return result;
}

describe('verifySamlResponse accepts', () => {
  it.each(['assertion', 'response', 'both'] as const)(
    'a response whose %s is signed, and reads the person from the signed content',
    async (sign) => {
      const xml = kit.idp.response({
        sign,
        now: kit.now,
        nameId: 'ana@acme.example',
        attributes: Object.fromEntries([
          ['email', ['ana@acme.example']],
          ['groups', ['a', 'b']],
          ['__proto__', ['x']],
        ]),
        sessionNotOnOrAfter: at(8 * 60 * MIN),
      });
      const result = await kit.verify(xml);
      expect(result).toMatchObject({
        ok: true,
        unsolicited: false,
        nameId: 'ana@acme.example',
        sessionNotOnOrAfter: at(8 * 60 * MIN),
        notOnOrAfter: at(5 * MIN),
      });
      if (!result.ok) return;
      expect(result.attributes.groups).toEqual(['a', 'b']);
      expect(Object.getPrototypeOf(result.attributes)).toBe(Object.prototype);
      expect(Object.hasOwn(result.attributes, '__proto__')).toBe(true);
      // Remembered until the assertion's last end plus the skew.
      expect(kit.remembered.at(-1)).toEqual({ assertionId: result.assertionId, until: at(7 * MIN) });
    },
  );

  it('a response signed with the new certificate of a rollover, both trusted', async () => {
    const next = makeSigningKey({ commonName: 'Test IdP 2027' });
    const trustedCerts = [...kit.trusted, readCertificate(next.certPem)];
    const byNew = kit.idp.response({ now: kit.now, key: next });
    expect(await kit.verify(byNew, { trustedCerts })).toMatchObject({ ok: true });
    expect(await kit.verify(kit.idp.response({ now: kit.now }), { trustedCerts })).toMatchObject({ ok: true });
    // Before the admin adds it, the new certificate is a stranger.
    expect(await kit.verify(byNew)).toMatchObject({ ok: false, code: 'SAML_UNTRUSTED_CERTIFICATE' });
  });

  it('the whole NameID when a comment splits it, never its first part', async () => {
    const signed = kit.idp.response({ now: kit.now, nameId: 'user@evil.com.acme.com' });
    const xml = commentInNameId(signed, 'user@evil.com'.length);
    expect(xml).toContain('user@evil.com<!---->.acme.com');
    expect(await kit.verify(xml)).toMatchObject({ ok: true, nameId: 'user@evil.com.acme.com' });
  });

  it('times within two minutes of skew, and no more however much skew is asked for', async () => {
    const late = kit.idp.response({ now: at(-7 * MIN), notOnOrAfter: at(-2 * MIN + 1000) });
    expect(await kit.verify(late)).toMatchObject({ ok: true });
    const early = kit.idp.response({ now: kit.now, notBefore: at(2 * MIN - 1000) });
    expect(await kit.verify(early)).toMatchObject({ ok: true });
    const expired = kit.idp.response({ now: at(-10 * MIN), notOnOrAfter: at(-5 * MIN) });
    expect(await kit.verify(expired, { skewMs: 10 * MIN })).toMatchObject({ ok: false, code: 'SAML_EXPIRED' });
    expect(await kit.verify(expired, { skewMs: Number.NaN })).toMatchObject({ ok: false, code: 'SAML_EXPIRED' });
    await expect(kit.verify(expired, { now: new Date(Number.NaN) })).rejects.toThrow(TypeError);
  });

  it('an unsolicited response only where allowed, marked so that it signs no one in', async () => {
    const xml = kit.idp.response({ now: kit.now, inResponseTo: null });
    expect(await kit.verify(xml, { inResponseTo: null })).toMatchObject({ ok: true, unsolicited: true });
    expect(await kit.verify(xml)).toMatchObject({ ok: false, code: 'SAML_UNSOLICITED' });
  });
});

describe('verifySamlResponse refuses', () => {
  it('a response nobody signed', async () => {
    const result = await refused(kit.idp.response({ now: kit.now, sign: 'none' }));
    expect(result.code).toBe('SAML_SIGNATURE_MISSING');
  });

  it('a signature by a certificate the connection does not trust, naming both fingerprints', async () => {
    const result = await refused(kit.idp.response({ now: kit.now, key: stranger }));
    expect(result.code).toBe('SAML_UNTRUSTED_CERTIFICATE');
    expect(result.message).toContain(`SHA-256 fingerprint ${stranger.fingerprint}, expected ${kit.idp.key.fingerprint}`);
    expect(result.details).toEqual({ received: stranger.fingerprint, expected: [kit.idp.key.fingerprint] });
  });

  it('a signature that does not verify with the trusted certificate it claims', async () => {
    // Signed by a stranger's key, but the KeyInfo shows the trusted certificate.
    const xml = kit.idp.response({ now: kit.now, key: { ...stranger, certPem: kit.idp.key.certPem } });
    expect(await refused(xml)).toMatchObject({ code: 'SAML_SIGNATURE_INVALID' });
  });

  it.each(['assertion', 'response', 'both'] as const)('a NameID changed after the %s was signed', async (sign) => {
    const xml = alterNameId(kit.idp.response({ now: kit.now, sign, nameId: 'eve@acme.example' }), 'ana@acme.example');
    expect(await refused(xml)).toMatchObject({ code: 'SAML_CONTENT_ALTERED' });
  });

  it('a SHA-1 signature, and a SHA-1 digest', async () => {
    const rsaSha1 = await refused(kit.idp.response({ now: kit.now, signatureAlgorithm: ALG.rsaSha1 }));
    expect(rsaSha1).toMatchObject({ code: 'SAML_WEAK_ALGORITHM', details: { algorithm: ALG.rsaSha1 } });
    const sha1 = await refused(kit.idp.response({ now: kit.now, digestAlgorithm: ALG.sha1 }));
    expect(sha1).toMatchObject({ code: 'SAML_WEAK_ALGORITHM', details: { algorithm: ALG.sha1 } });
  });

  it('expired or not yet valid Conditions, beyond two minutes', async () => {
    const expired = await refused(
      kit.idp.response({ now: at(-10 * MIN), notOnOrAfter: at(-2 * MIN - 1000), confirmationNotOnOrAfter: at(5 * MIN) }),
    );
    expect(expired.code).toBe('SAML_EXPIRED');
    expect(expired.message).toContain('Conditions');
    const early = await refused(kit.idp.response({ now: kit.now, notBefore: at(2 * MIN + 1000) }));
    expect(early.code).toBe('SAML_NOT_YET_VALID');
  });

  it('an expired SubjectConfirmationData, beyond two minutes', async () => {
    const result = await refused(
      kit.idp.response({ now: at(-10 * MIN), confirmationNotOnOrAfter: at(-2 * MIN - 1000), notOnOrAfter: at(5 * MIN) }),
    );
    expect(result.code).toBe('SAML_EXPIRED');
    expect(result.message).toContain('SubjectConfirmationData');
  });

  it('another Audience', async () => {
    const result = await refused(kit.idp.response({ now: kit.now, audience: 'https://other-sp.example/' }));
    expect(result).toMatchObject({
      code: 'SAML_AUDIENCE_MISMATCH',
      details: { received: ['https://other-sp.example/'], expected: kit.idp.spEntityId },
    });
  });

  /** A valid response whose assertion lost `element` (Conditions, or its AudienceRestriction) before it was signed. */
  const signedWithout = (element: 'Conditions' | 'AudienceRestriction') => {
    const doc = parse(kit.idp.response({ now: kit.now, sign: 'none' }));
    const gone = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', element)[0]!;
    (gone.parentNode as XmlElement).removeChild(gone);
    return kit.idp.sign(serialize(doc), 'Assertion');
  };

  it('a signed assertion that names no audience: no Conditions, or Conditions without an AudienceRestriction', async () => {
    expect(await refused(signedWithout('Conditions'))).toMatchObject({
      code: 'SAML_AUDIENCE_MISMATCH',
      message: expect.stringContaining('has no Conditions'),
    });
    expect(await refused(signedWithout('AudienceRestriction'))).toMatchObject({
      code: 'SAML_AUDIENCE_MISMATCH',
      message: expect.stringContaining('names no audience'),
    });
  });

  it('any signature while the connection trusts no certificate yet', async () => {
    const result = await refused(kit.idp.response({ now: kit.now }), { trustedCerts: [] });
    expect(result).toMatchObject({
      code: 'SAML_UNTRUSTED_CERTIFICATE',
      message: expect.stringContaining('trusts no signing certificate yet'),
    });
  });

  it('another Destination, or none on a signed Response', async () => {
    const other = await refused(kit.idp.response({ now: kit.now, destination: 'https://evil.example/acs' }));
    expect(other).toMatchObject({ code: 'SAML_DESTINATION_MISMATCH', details: { received: 'https://evil.example/acs' } });
    const none = await refused(kit.idp.response({ now: kit.now, destination: null, sign: 'response' }));
    expect(none.code).toBe('SAML_DESTINATION_MISMATCH');
  });

  it('another Recipient', async () => {
    const result = await refused(kit.idp.response({ now: kit.now, recipient: 'https://evil.example/acs' }));
    expect(result).toMatchObject({
      code: 'SAML_RECIPIENT_MISMATCH',
      details: { received: 'https://evil.example/acs', expected: kit.idp.acsUrl },
    });
  });

  it('another Issuer, of the assertion or of the response', async () => {
    expect(await refused(kit.idp.response({ now: kit.now, assertionIssuer: 'https://evil.example/idp' }))).toMatchObject({
      code: 'SAML_ISSUER_MISMATCH',
    });
    expect(
      await refused(kit.idp.response({ now: kit.now, issuer: 'https://evil.example/idp', assertionIssuer: kit.idp.entityId })),
    ).toMatchObject({
      code: 'SAML_ISSUER_MISMATCH',
      details: { received: 'https://evil.example/idp' },
    });
  });

  it('an answer to a request we did not send', async () => {
    const result = await refused(kit.idp.response({ now: kit.now, inResponseTo: '_someone_elses' }));
    expect(result).toMatchObject({ code: 'SAML_IN_RESPONSE_TO_MISMATCH', details: { received: '_someone_elses', expected: '_request1' } });
    // Where unsolicited responses are allowed, an answer to some request is still not ours.
    expect(await refused(kit.idp.response({ now: kit.now }), { inResponseTo: null })).toMatchObject({
      code: 'SAML_IN_RESPONSE_TO_MISMATCH',
    });
  });

  it('an assertion already used, and remembers nothing of a refused one', async () => {
    const xml = kit.idp.response({ now: kit.now, assertionId: '_seen_once' });
    const result = await refused(xml, { rememberAssertion: async () => false });
    expect(result).toMatchObject({ code: 'SAML_REPLAYED', details: { assertionId: '_seen_once' } });
    let asked = 0;
    await refused(kit.idp.response({ now: kit.now, audience: 'x' }), { rememberAssertion: async () => ++asked > 0 });
    expect(asked).toBe(0);
  });

  it('a DOCTYPE, before parsing it', async () => {
    const signed = kit.idp.response({ now: kit.now });
    const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>${signed}`;
    expect(await refused(xml)).toMatchObject({ code: 'SAML_DTD_NOT_ALLOWED' });
  });

  it('an XSLT transform', async () => {
    const result = await refused(withXsltTransform(kit.idp.response({ now: kit.now })));
    expect(result).toMatchObject({ code: 'SAML_TRANSFORM_NOT_ALLOWED', details: { algorithm: ALG.xslt } });
  });

  it('a failed status, an encrypted assertion, a huge or broken document, and what is no Response', async () => {
    expect(await refused(kit.idp.response({ now: kit.now, status: 'urn:oasis:names:tc:SAML:2.0:status:Requester' }))).toMatchObject({
      code: 'SAML_STATUS_NOT_SUCCESS',
    });
    const encrypted = kit.idp
      .response({ now: kit.now, sign: 'none' })
      .replace(
        /<saml:Assertion [\s\S]*<\/saml:Assertion>/,
        '<saml:EncryptedAssertion><xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#"/></saml:EncryptedAssertion>',
      );
    expect(await refused(encrypted)).toMatchObject({ code: 'SAML_ENCRYPTED_ASSERTION' });
    expect(await refused(`<a>${'x'.repeat(300 * 1024)}</a>`)).toMatchObject({ code: 'SAML_TOO_LARGE' });
    expect(await refused('<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><a></samlp:Response>')).toMatchObject({
      code: 'SAML_MALFORMED',
    });
    expect(await refused('<x/>')).toMatchObject({ code: 'SAML_NOT_A_RESPONSE' });
  });
});
