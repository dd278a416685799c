/**
 * The API reference in the reader's language (reference-prose.ts): every English sentence
 * of the document has its translation in each catalogue, `?lang=` serves it, and what
 * integrators write in code (paths, operation ids, fields, codes) stays as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { fillProse, PROSE_TEMPLATES, type ProseParams, proseCatalogue, proseOf } from './reference-prose.js';

const locales = ['es', 'fr', 'pt'] as const;

describe('the API reference in four languages', () => {
  let t: TestApp;
  let english: { info: { description: string; title: string }; paths: Record<string, Record<string, { summary?: string }>> };
  let params: ProseParams;
  beforeAll(async () => {
    // Another base path and rate limit than the defaults: the sentences that carry them must still be found.
    t = await createTestApp({ config: { API_BASE_PATH: '/integrations', API_RATE_LIMIT: '250' } });
    english = (await t.app.inject('/integrations/v1/openapi.json')).json();
    params = {
      basePath: '/integrations/v1',
      rateLimit: '250',
      rateWindow: String(t.config.API_RATE_LIMIT_WINDOW_SECONDS),
      product: t.config.PRODUCT_NAME,
    };
  });
  afterAll(() => t?.close());

  it('has every sentence of the document in each catalogue, and no sentence the document lost', () => {
    const sentences = proseOf(english, params);
    expect(sentences.length).toBeGreaterThan(100);
    expect(sentences).toContain(PROSE_TEMPLATES.info);
    for (const locale of locales) {
      const catalogue = proseCatalogue(locale);
      expect(
        sentences.filter((s) => catalogue[s] === undefined),
        locale,
      ).toEqual([]);
      expect(
        Object.keys(catalogue).filter((k) => !sentences.includes(k)),
        locale,
      ).toEqual([]);
    }
  });

  it('serves the prose in the language of ?lang=, with the same paths, operations and fields', async () => {
    const french = (await t.app.inject('/integrations/v1/openapi.json?lang=fr')).json();
    expect(french.info.title).toBe(`API d’intégration de ${t.config.PRODUCT_NAME}`);
    expect(french.info.description).toBe(fillProse(proseCatalogue('fr')[PROSE_TEMPLATES.info], params));
    expect(french.info.description).toContain('`POST /integrations/v1/auth/token`');
    expect(french.info.description).toContain('250');
    expect(french.paths['/integrations/v1/workspaces'].get.summary).toBe(proseCatalogue('fr')['List workspaces']);
    expect(french.paths['/integrations/v1/workspaces'].get.summary).not.toBe('List workspaces');
    // Tags keep their names (operations refer to them) and show their own.
    expect(french.tags.find((tag: { name: string }) => tag.name === 'Skills')['x-displayName']).toBe('Compétences');
    // Only the prose differs: the document without its descriptions and summaries is the English one.
    const withoutProse = (doc: unknown) =>
      JSON.stringify(doc, (key, value) =>
        ['description', 'summary', 'title', 'x-displayName'].includes(key) ||
        (key === 'name' && typeof value === 'string' && value.startsWith('Propri'))
          ? undefined
          : value,
      );
    expect(withoutProse(french)).toBe(withoutProse(english));

    const spanish = (await t.app.inject('/integrations/v1/openapi.json?lang=es')).json();
    expect(spanish.paths['/integrations/v1/workspaces'].get.summary).toBe(proseCatalogue('es')['List workspaces']);
    // Anything else is English.
    for (const lang of ['de', '', 'EN', '../x']) {
      const doc = (await t.app.inject(`/integrations/v1/openapi.json?lang=${encodeURIComponent(lang)}`)).json();
      expect(doc.info.description, lang).toBe(english.info.description);
    }
  });

  it('opens the reference page in the language asked, reading the document in that language', async () => {
    const page = await t.app.inject('/integrations/v1/reference/?lang=pt');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="pt">');
    expect(page.body).toContain('data-url="../openapi.json?lang=pt"');
    expect(page.body).toContain(`<title>API de integração de ${t.config.PRODUCT_NAME}</title>`);
    const plain = await t.app.inject('/integrations/v1/reference/?lang=<script>');
    expect(plain.body).toContain('<html lang="en">');
    expect(plain.body).toContain('data-url="../openapi.json"');
    expect(plain.body).not.toContain('<script>');
  });
});
