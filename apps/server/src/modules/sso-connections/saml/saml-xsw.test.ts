/**
 * Signature wrapping (XSW1 to XSW8, SAML Raider's numbering; "On Breaking SAML", Somorovsky
 * et al., 2012): a genuinely signed response rearranged so that the signature still verifies
 * over the original while an evil copy, naming someone else, stands where a careless reader
 * looks. Each is refused, and never yields the victim's identity.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { wrap } from '../../../test/saml-idp.js';
import { type Kit, samlKit } from './saml.fixtures.js';

let kit: Kit;
beforeAll(() => {
  kit = samlKit();
});

const VICTIM = 'ceo@acme.example';
const cases = [
  [1, 'response', 'the original Response inside the signature of an evil Response', 'SAML_ASSERTION_COUNT'],
  [2, 'response', 'the original Response before the signature of an evil Response', 'SAML_ASSERTION_COUNT'],
  [3, 'assertion', 'an unsigned evil Assertion before the signed one', 'SAML_ASSERTION_COUNT'],
  [4, 'assertion', 'the signed Assertion inside an unsigned evil one', 'SAML_ASSERTION_COUNT'],
  [5, 'assertion', 'the signed Assertion changed, an unsigned copy of the original at the end', 'SAML_ASSERTION_COUNT'],
  [6, 'assertion', 'the signed Assertion changed, an unsigned copy of the original inside its signature', 'SAML_ASSERTION_COUNT'],
  [7, 'assertion', 'the signed Assertion in an Extensions block, an unsigned evil one in its place', 'SAML_ASSERTION_COUNT'],
  [8, 'assertion', 'an evil Assertion carrying the signature, the original inside its ds:Object', 'SAML_ASSERTION_COUNT'],
] as const;

describe('signature wrapping', () => {
  it.each(cases)('XSW%i (%s signed): %s', async (kind, sign, _shape, code) => {
    const signed = kit.idp.response({ now: kit.now, sign, nameId: 'eve@acme.example' });
    expect(await kit.verify(signed)).toMatchObject({ ok: true, nameId: 'eve@acme.example' });
    const attack = wrap(kind, signed, VICTIM);
    expect(attack).toContain(VICTIM);
    const result = await kit.verify(attack);
    expect(result).toMatchObject({ ok: false, code });
    expect(JSON.stringify(result)).not.toContain(VICTIM);
  });

  // The structural checks above stop each shape first. These prove the next line of defence on
  // its own: the signature must sit in the element it signs, and only signed bytes are read.
  it('refuses a signature whose reference points at an element other than the one it sits in', async () => {
    const signed = kit.idp.response({ now: kit.now, sign: 'assertion' });
    const id = /<saml:Assertion ID="([^"]+)"/.exec(signed)![1];
    const moved = signed.replace(`ID="${id}"`, 'ID="_moved"').replace(/(<samlp:Response [^>]*?) ID="[^"]+"/, `$1 ID="${id}"`);
    expect(await kit.verify(moved)).toMatchObject({ ok: false, code: 'SAML_SIGNATURE_REFERENCE' });
  });

  it('refuses an ID carried by two elements', async () => {
    const signed = kit.idp.response({ now: kit.now, sign: 'assertion' });
    const id = /<saml:Assertion ID="([^"]+)"/.exec(signed)![1];
    const twice = signed.replace('<samlp:Status>', `<samlp:Status ID="${id}">`);
    expect(await kit.verify(twice)).toMatchObject({ ok: false, code: 'SAML_SIGNATURE_REFERENCE' });
  });

  it('refuses a signature anywhere but directly in the Response or the Assertion, and anything else named Signature', async () => {
    const signed = kit.idp.response({ now: kit.now, sign: 'assertion' });
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
    // A second copy of the genuine signature where no signature belongs.
    const stray = signed.replace('</samlp:Status>', `<samlp:StatusDetail>${signature}</samlp:StatusDetail></samlp:Status>`);
    expect(await kit.verify(stray)).toMatchObject({ ok: false, code: 'SAML_SIGNATURE_MISPLACED' });
    const lookalike = signed.replace(
      '</samlp:Status>',
      '<samlp:StatusDetail><x:Signature xmlns:x="urn:example:other"/></samlp:StatusDetail></samlp:Status>',
    );
    expect(await kit.verify(lookalike)).toMatchObject({ ok: false, code: 'SAML_SIGNATURE_MISPLACED' });
  });
});
