/** What the SAML tests share: a test identity provider, its trusted certificate, and a verify call with the right expectations. */
import { createSamlIdp, makeSigningKey, type SamlIdp } from '../../../test/saml-idp.js';
import { readCertificate, type SigningCertificate } from './saml-certificates.js';
import { type SamlVerification, type VerifyResponseInput, verifySamlResponse } from './saml-response.js';

export interface Kit {
  idp: SamlIdp;
  trusted: SigningCertificate[];
  now: Date;
  remembered: { assertionId: string; until: Date }[];
  verify(xml: string, overrides?: Partial<VerifyResponseInput>): Promise<SamlVerification>;
}

export function samlKit(): Kit {
  const idp = createSamlIdp({ key: makeSigningKey() });
  const now = new Date('2026-12-02T10:00:00.000Z');
  const remembered: Kit['remembered'] = [];
  const trusted = [readCertificate(idp.key.certPem)];
  return {
    idp,
    trusted,
    now,
    remembered,
    verify: (xml, overrides = {}) =>
      verifySamlResponse({
        xml,
        trustedCerts: trusted,
        expected: { spEntityId: idp.spEntityId, acsUrl: idp.acsUrl, idpEntityId: idp.entityId },
        inResponseTo: '_request1',
        now,
        rememberAssertion: async (assertionId, until) => {
          remembered.push({ assertionId, until });
          return true;
        },
        ...overrides,
      }),
  };
}
