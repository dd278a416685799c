/**
 * The Super area's list of organizations searched without accents or case (decision 067):
 * "muller" finds Müller, "Pena" Peña, a text typed with accents finds a name written without
 * them, ß and ø as their plain spellings; a plain part of a name is found as before, and the
 * wildcards are letters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('the organizations list searched without accents or case', () => {
  let t: TestApp;
  let staff: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await signInStaff(t, { roles: ['read'] });
    for (const name of [
      'Müller Logística',
      'MULLER TRANSPORTES',
      'Peña Hermanos',
      'Pena Foods',
      'Østergaard ApS',
      'Großbäckerei',
      'Acme_100%',
    ]) {
      await createOrganization(t.database.db, { name });
    }
  });
  afterAll(() => t.close());

  const names = async (q: string) => {
    const res = await t.app.inject({ url: `/api/organizations?limit=50&q=${encodeURIComponent(q)}`, headers: staff.headers });
    expect(res.statusCode, q).toBe(200);
    // Sorted here: the list's order of "Müller" beside "MULLER" is the database collation's.
    return (res.json().organizations as { name: string }[]).map((o) => o.name).sort();
  };

  it('finds names with or without accents, in any case, both ways', async () => {
    for (const q of ['muller', 'Müller', 'MÜL']) expect(await names(q), q).toEqual(['MULLER TRANSPORTES', 'Müller Logística']);
    for (const q of ['pena', 'PEÑA']) expect(await names(q), q).toEqual(['Pena Foods', 'Peña Hermanos']);
    expect(await names('logistica')).toEqual(['Müller Logística']);
    expect(await names('ostergaard')).toEqual(['Østergaard ApS']);
    expect(await names('grossback')).toEqual(['Großbäckerei']);
  });

  it('finds a plain part of a name as before, wildcards taken literally', async () => {
    expect(await names('transport')).toEqual(['MULLER TRANSPORTES']);
    expect(await names('_100%')).toEqual(['Acme_100%']);
    expect(await names('cm_')).toEqual([]);
  });
});
