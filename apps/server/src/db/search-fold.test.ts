/**
 * search_fold() (migration 0031), the one comparison of every search of a name: lower case
 * without accents, Latin letters that do not decompose spelt in plain ones, decomposed and
 * full-width input folded as composed, ASCII only lower-cased; and the two ways searches use
 * it (db/like.ts): a start as a range, a part anywhere with the wildcards taken literally.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import { type Database, sqlRows } from './client.js';
import { foldedContains, searchKey, startsWithRange } from './like.js';

describe('search_fold()', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const fold = async (text: string) =>
    (await sqlRows<{ folded: string }>(database.db, sql`SELECT search_fold(${text}::text) AS folded`))[0].folded;

  it('folds case and accents, composed or decomposed, upper case or lower', async () => {
    const cases: [string, string][] = [
      ['Müller', 'muller'],
      ['MÜLLER', 'muller'],
      ['Peña', 'pena'],
      ['PEÑA', 'pena'],
      ['José García-Núñez', 'jose garcia-nunez'],
      ['Çelik', 'celik'],
      ['Nguyễn Văn Ánh', 'nguyen van anh'],
      ['İstanbul', 'istanbul'],
      ['Agnès Zoë', 'agnes zoe'],
      // "u" followed by U+0308 COMBINING DIAERESIS, as some keyboards and file systems send it.
      ['Mu\u0308ller', 'muller'],
      // Full-width letters, as an East Asian input method types them.
      ['ＭＵＬＬＥＲ', 'muller'],
    ];
    for (const [text, folded] of cases) expect(await fold(text), text).toBe(folded);
  });

  it('spells letters that do not decompose in plain ones: ß, ø, æ, œ, þ, ł, đ, ð, ħ, ı, ŧ', async () => {
    const cases: [string, string][] = [
      ['Straße', 'strasse'],
      ['STRAẞE', 'strasse'],
      ['Østergaard', 'ostergaard'],
      ['ØRSTED', 'orsted'],
      ['Ærø', 'aero'],
      ['Œuvre cœur', 'oeuvre coeur'],
      ['Þór Guðmundsson', 'thor gudmundsson'],
      ['Łukasz Małecki', 'lukasz malecki'],
      ['Đorđe', 'dorde'],
      ['Ħal Qormi', 'hal qormi'],
      ['Işık', 'isik'],
      ['Ŧ', 't'],
    ];
    for (const [text, folded] of cases) expect(await fold(text), text).toBe(folded);
  });

  it('only lower-cases plain ASCII, and leaves other scripts and signs as they are', async () => {
    for (const text of ['John Smith', 'people-42.csv', 'a_b%c\\d@example.com', '100% Real_Foods']) {
      expect(await fold(text), text).toBe(text.toLowerCase());
    }
    expect(await fold('Иван 李 ☃')).toBe('иван 李 ☃');
    expect(await fold('')).toBe('');
    expect((await sqlRows<{ folded: string | null }>(database.db, sql`SELECT search_fold(NULL) AS folded`))[0].folded).toBeNull();
  });

  it('serves a start as a range of folded keys, both ways', async () => {
    const starts = async (value: string, typed: string) =>
      (await sqlRows<{ ok: boolean }>(database.db, sql`SELECT ${startsWithRange(searchKey(sql`${value}::text`), typed)} AS ok`))[0].ok;
    expect(await starts('Müller', 'mul')).toBe(true);
    expect(await starts('Muller', 'MÜL')).toBe(true);
    expect(await starts('Straße', 'strass')).toBe(true);
    expect(await starts('Peña', 'pen')).toBe(true);
    expect(await starts('Peña', 'ena')).toBe(false);
    expect(await starts('Müller', 'mv')).toBe(false);
  });

  it('finds a folded part anywhere, wildcards of the text (full-width ones too) taken literally', async () => {
    const contains = async (value: string, typed: string) =>
      (await sqlRows<{ ok: boolean }>(database.db, sql`SELECT ${foldedContains(sql`${value}::text`, typed)} AS ok`))[0].ok;
    expect(await contains('Ana Müller', 'MULLER')).toBe(true);
    expect(await contains('Ana Muller', 'müller')).toBe(true);
    expect(await contains('Große Straße', 'strasse')).toBe(true);
    expect(await contains('100% Real_Foods', '0%')).toBe(true);
    expect(await contains('100x Real_Foods', '0%')).toBe(false);
    expect(await contains('100x Real_Foods', '0％')).toBe(false);
    expect(await contains('100% Real_Foods', '0％')).toBe(true);
    expect(await contains('RealxFoods', 'l_f')).toBe(false);
    expect(await contains('RealxFoods', 'l＿f')).toBe(false);
    expect(await contains('a\\b', 'a\\b')).toBe(true);
    expect(await contains('ab', 'a\\b')).toBe(false);
  });
});
