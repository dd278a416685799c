/**
 * Hostile bytes: whatever is posted, verifySamlResponse answers (never throws), and whatever it
 * accepts names only the person the identity provider signed for.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Kit, samlKit } from './saml.fixtures.js';

let kit: Kit;
let signed: string;
beforeAll(() => {
  kit = samlKit();
  signed = kit.idp.response({ now: kit.now, sign: 'both', nameId: 'ana@acme.example' });
});

const hostile = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '&amp;',
    '&#0;',
    '<?x?>',
    '"',
    "'",
    '<',
    '>',
    ' xmlns="urn:x"',
    '__proto__',
    'ceo@acme.example',
    '<x:Signature xmlns:x="urn:x"/>',
  ),
  fc.string({ maxLength: 8 }),
  fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
);

describe('verifySamlResponse under hostile input', () => {
  it('answers every mutation of a signed response, and accepts only the signed person', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), hostile), { minLength: 1, maxLength: 4 }), async (edits) => {
        let xml = signed;
        for (const [at, cut, text] of edits) {
          const i = at % (xml.length + 1);
          xml = xml.slice(0, i) + text + xml.slice(i + cut);
        }
        const result = await kit.verify(xml);
        if (result.ok) expect(result.nameId).toBe('ana@acme.example');
        else expect(result.code).toMatch(/^SAML_/);
      }),
      { numRuns: 300 },
    );
  });

  it('answers arbitrary text and deep nesting', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
        const result = await kit.verify(text);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
    const deep = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</samlp:Response>`;
    expect(await kit.verify(deep)).toMatchObject({ ok: false });
  });
});
