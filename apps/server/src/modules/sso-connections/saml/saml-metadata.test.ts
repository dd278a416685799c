import { inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { certBase64, createSamlIdp, makeSigningKey, type SamlIdp, type SigningKey } from '../../../test/saml-idp.js';
import { buildAuthnRequestRedirect } from './saml-authn-request.js';
import { certificateWarnings, readCertificate } from './saml-certificates.js';
import { parseIdpMetadata, serviceProviderMetadata } from './saml-metadata.js';
import { verifySamlResponse } from './saml-response.js';
import { parseStrictXml } from './saml-xml.js';

const DAY = 86_400_000;
let idp: SamlIdp;
let next: SigningKey;

beforeAll(() => {
  idp = createSamlIdp();
  next = makeSigningKey({ commonName: 'Test IdP next', notAfter: new Date(Date.now() + 700 * DAY) });
});

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('did not refuse');
}

describe('parseIdpMetadata', () => {
  it('reads the entity ID, the redirect address and every signing certificate with its fingerprint and end', () => {
    const metadata = parseIdpMetadata(idp.metadata({ keys: [idp.key, next] }));
    expect(metadata.entityId).toBe(idp.entityId);
    expect(metadata.ssoRedirectUrl).toBe('https://idp.example.test/sso');
    expect(metadata.wantAuthnRequestsSigned).toBe(false);
    expect(metadata.signingCertificates.map((c) => c.fingerprint)).toEqual([idp.key.fingerprint, next.fingerprint]);
    expect(metadata.signingCertificates[1].notAfter.getTime()).toBeGreaterThan(Date.now() + 600 * DAY);
    expect(metadata.signingCertificates[0].pem).toContain('-----BEGIN CERTIFICATE-----');
  });

  it('refuses a DOCTYPE, an oversized document, and metadata that describes no single identity provider', () => {
    const xml = idp.metadata();
    expect(
      refusal(() => parseIdpMetadata(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${xml.replace('<?xml version="1.0"?>', '')}`))
        .code,
    ).toBe('SAML_DTD_NOT_ALLOWED');
    expect(
      refusal(() => parseIdpMetadata(xml.replace('</md:EntityDescriptor>', `<!--${'x'.repeat(600 * 1024)}--></md:EntityDescriptor>`))).code,
    ).toBe('SAML_TOO_LARGE');
    expect(refusal(() => parseIdpMetadata(xml.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, ''))).code).toBe(
      'SAML_METADATA_INVALID',
    );
    expect(
      refusal(() =>
        parseIdpMetadata(
          xml.replace(
            /Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https:/,
            'Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="http:',
          ),
        ),
      ).message,
    ).toContain('https');
    expect(
      refusal(() => parseIdpMetadata(xml.replace('IDPSSODescriptor', 'SPSSODescriptor').replace('IDPSSODescriptor', 'SPSSODescriptor')))
        .code,
    ).toBe('SAML_METADATA_INVALID');
    expect(refusal(() => parseIdpMetadata(xml.replace(certBase64(idp.key), 'bm90IGEgY2VydA=='))).code).toBe('SAML_METADATA_INVALID');
  });
});

describe('certificateWarnings', () => {
  it('warns of a certificate that expires within 30 days, and of one that expired', () => {
    const cert = readCertificate(idp.key.certPem);
    const justBefore = new Date(cert.notAfter.getTime() - 10 * DAY);
    expect(certificateWarnings([cert], justBefore)).toEqual([
      { kind: 'expires_soon', fingerprint: cert.fingerprint, notAfter: cert.notAfter, daysLeft: 10 },
    ]);
    expect(certificateWarnings([cert], new Date(cert.notAfter.getTime() - 31 * DAY))).toEqual([]);
    expect(certificateWarnings([cert], new Date(cert.notAfter.getTime() + 1))).toEqual([
      { kind: 'expired', fingerprint: cert.fingerprint, notAfter: cert.notAfter },
    ]);
  });
});

describe('serviceProviderMetadata and the AuthnRequest', () => {
  it('describes our ACS for HTTP-POST and asks for signed assertions, with values escaped', () => {
    const xml = serviceProviderMetadata({
      entityId: 'https://console.example/saml?a=1&b="2"',
      acsUrl: 'https://console.example/api/sso/saml/acs',
    });
    const root = parseStrictXml(xml, 65536, 'metadata').documentElement!;
    expect(root.getAttribute('entityID')).toBe('https://console.example/saml?a=1&b="2"');
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect(xml).toContain('Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://console.example/api/sso/saml/acs"');
    expect(() => serviceProviderMetadata({ entityId: 'x', acsUrl: 'javascript:alert(1)' })).toThrow(TypeError);
  });

  it('deflates and encodes the request for the redirect binding, keeps the address query, and gives its ID', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const { url, requestId } = buildAuthnRequestRedirect({
      idpSsoUrl: 'https://idp.example/sso?tenant=1',
      spEntityId: idp.spEntityId,
      acsUrl: idp.acsUrl,
      relayState: 'r-123',
      now,
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('tenant')).toBe('1');
    expect(parsed.searchParams.get('RelayState')).toBe('r-123');
    const request = inflateRawSync(Buffer.from(parsed.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const root = parseStrictXml(request, 65536, 'request').documentElement!;
    expect(root.localName).toBe('AuthnRequest');
    expect(root.getAttribute('ID')).toBe(requestId);
    expect(requestId).toMatch(/^_[0-9a-f]{32}$/);
    expect(root.getAttribute('AssertionConsumerServiceURL')).toBe(idp.acsUrl);
    expect(root.getAttribute('IssueInstant')).toBe(now.toISOString());
    expect(() =>
      buildAuthnRequestRedirect({
        idpSsoUrl: 'https://idp.example/sso',
        spEntityId: 'x',
        acsUrl: idp.acsUrl,
        relayState: 'x'.repeat(81),
        now,
      }),
    ).toThrow(TypeError);
  });

  it('signs in through the test identity provider on loopback: metadata, redirect, posted response', async () => {
    const served = await idp.serve();
    try {
      const metadata = parseIdpMetadata(await (await fetch(`${served.url}/metadata`)).text());
      const now = new Date();
      const { url, requestId } = buildAuthnRequestRedirect({
        idpSsoUrl: metadata.ssoRedirectUrl,
        spEntityId: idp.spEntityId,
        acsUrl: idp.acsUrl,
        relayState: 'back-to-keys',
        now,
      });
      served.nextNameId.value = 'bruno@acme.example';
      const page = await (await fetch(url)).text();
      const posted = Object.fromEntries([...page.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      expect(page).toContain(`action="${idp.acsUrl}"`);
      expect(posted.RelayState).toBe('back-to-keys');
      const result = await verifySamlResponse({
        xml: Buffer.from(posted.SAMLResponse, 'base64').toString('utf8'),
        trustedCerts: metadata.signingCertificates,
        expected: { spEntityId: idp.spEntityId, acsUrl: idp.acsUrl, idpEntityId: metadata.entityId },
        inResponseTo: requestId,
        now,
        rememberAssertion: async () => true,
      });
      expect(result).toMatchObject({ ok: true, unsolicited: false, nameId: 'bruno@acme.example' });
      expect(served.requests).toHaveLength(1);
    } finally {
      await served.close();
    }
  });
});
