import { type SQL, sql } from 'drizzle-orm';

/** `%text%` for LIKE/ILIKE ("contains"), with the wildcards and the escape character of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A text as every search of a name compares it (People, the audit trail, organizations, the
 * staff look-up): search_fold() of migration 0031, lower case without accents ("Müller",
 * "MÜLLER" and "Muller" are "muller"; ß, æ, œ, ø, ł and the like spelt in plain letters). One
 * SQL function, built on functions PGlite and PostgreSQL both have, so that what is stored in
 * an index and what is typed are folded by the same definition
 * (docs/decisions/067-search-without-accents.md).
 */
export const searchFold = (value: unknown) => sql<string>`search_fold(${value})`;

/** A folded key compared byte by byte ("C"): the same order on PGlite and PostgreSQL, so that a start is a range of its index. */
export const searchKey = (value: unknown) => sql<string>`(${searchFold(value)} COLLATE "C")`;

/** A column that holds a folded key (a generated column of search_fold), compared as searchKey is. */
export const keyColumn = (column: unknown) => sql<string>`(${column} COLLATE "C")`;

/** What is typed, folded as a key is: the lower bound of the keys that start with it. */
export const typedKey = (text: string) => searchKey(sql`${text}::text`);

/**
 * `key` (a searchKey) starts with `text`, folded alike, as a range of the "C" order that an
 * index on the key answers: [fold(text), fold(text) + the last code point).
 */
export const startsWithRange = (key: SQL, text: string) =>
  sql`(${key} >= ${typedKey(text)} AND ${key} < (${typedKey(text)} || chr(1114111)))`;

/**
 * `value` folded contains `text` folded, anywhere (a trigram index on search_fold(value)
 * serves it). The wildcards are escaped after folding: a full-width ％ or ＿ folds to the
 * plain one, and stays a character here.
 */
export const foldedContains = (value: unknown, text: string) =>
  sql`(${searchFold(value)} LIKE ('%' || replace(replace(replace(${searchFold(sql`${text}::text`)}, ${'\\'}, ${'\\\\'}), '%', ${'\\%'}), '_', ${'\\_'}) || '%'))`;
