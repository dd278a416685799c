/**
 * The external API's OpenAPI document, as the app serves it, passes Redocly's `recommended`
 * rules (what `redocly lint` runs) with neither errors nor warnings: integrators' tools
 * (generators, gateways, portals) read the document those rules guard.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Served where integrators reach it: the document's server is PUBLIC_URL (a localhost one is warned of).
    t = await createTestApp({ config: { PUBLIC_URL: 'https://console.acme-integrations.test' } });
  });
  afterAll(() => t?.close());

  // In each language of the reference (reference-prose.ts): only its prose differs.
  it.each(['', '?lang=es', '?lang=fr', '?lang=pt'])("passes Redocly's recommended rules without an error or a warning%s", async (lang) => {
    const res = await t.app.inject(`/api/v1/openapi.json${lang}`);
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(found).toEqual([]);
  });
});
