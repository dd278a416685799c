/**
 * The glossary: one term per concept in each language, in every text a reader sees — the
 * web catalogues, the API reference's prose and the e-mails (both on the server). Each
 * entry names the concept, the chosen term, and the variants that must not appear; a new
 * string that uses a variant fails here with its key, so it is reworded with the term.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogues';
import type { Locale } from './locales';

interface Entry {
  concept: string;
  term: string;
  /** Each matches a variant; Unicode-aware, so word edges are written as (?<!\p{L}) and (?!\p{L}). */
  variants: RegExp[];
  /** Matched against the text with its {{placeholders}} (which prose otherwise blanks out). */
  raw?: true;
}

/** A whole word (letters on neither side), case-insensitive. */
const word = (w: string) => new RegExp(`(?<![\\p{L}\\-])${w}(?![\\p{L}])`, 'iu');

const GLOSSARY: Record<Locale, Entry[]> = {
  en: [{ concept: 'a workflow import', term: 'workflow import', variants: [word('workflows import')] }],
  fr: [
    { concept: 'an import (noun)', term: 'importation', variants: [word('imports?')] },
    { concept: 'bearer token', term: 'jeton porteur', variants: [word('jeton bearer'), word('bearer token'), word('jeton de porteur')] },
    { concept: 'a workflow', term: 'workflow (masculine)', variants: [/flux de travail/i, word('(?:une|la|cette) workflow')] },
    {
      concept: 'a workflow is masculine: its participles agree as such',
      term: 'les workflows … enregistrés',
      // The workflows as subject of être: "ne peuvent pas être enregistrées" is the slip; "l’importation
      // de 3 workflows a été programmée" agrees with importation and passes.
      variants: [
        /(?<!de\s+(?:de\s+)?)workflows?\s+(?:ne\s+)?(?:sont|est|seront|sera|(?:ont|a)\s+été|peu(?:ven)?t\s+(?:pas\s+)?être)\s+\p{L}+ées?(?!\p{L})/iu,
      ],
    },
    { concept: 'status', term: 'état', variants: [word('statuts?')] },
    { concept: 'settings', term: 'paramètres', variants: [word('réglages?')] },
    { concept: 'an identifier', term: 'identifiant', variants: [/(?<![\p{L}-])(?<!Entra )ID(?!\p{L})/u] },
    { concept: 'employee ID', term: 'identifiant d’employé', variants: [word('matricules?')] },
    { concept: 'a workflow’s source video', term: 'vidéo source', variants: [word('vidéos? d’origine')] },
    { concept: 'no space (password rule)', term: 'aucun espace', variants: [word('aucune espace')] },
    { concept: 'the SCIM base URL', term: 'URL de base SCIM', variants: [word('URL base (?:de |du )?SCIM'), word('URL SCIM de base')] },
    {
      concept: 'elision: no "de" before a name (a file, an organization) that may start with a vowel',
      term: 'du fichier {{name}}, de l’organisation {{name}}',
      variants: [/(?<!\p{L})de \{\{(?!(?:count|date|max|min|n|total|size)\}\})/u],
      raw: true,
    },
    {
      concept: 'elision before a vowel',
      term: 'd’, l’, qu’',
      variants: [/(?<![\p{L}’-])(?:de|le|la|que|ne|se|ce|je)\s+(?=[aeiouàâéèêîïôûœ])(?!un(?:e|s)?\b|oui\b|ouate\b)/iu],
    },
  ],
  pt: [
    {
      concept: 'console (pt-BR: masculine)',
      term: 'o console',
      variants: [word('(?:a|à|da|na|pela|nesta|desta|sua|uma|esta|essa) console'), word('consolas?')],
    },
    { concept: 'bearer token', term: 'token de portador', variants: [word('token bearer'), word('bearer token')] },
    { concept: 'a role', term: 'papel', variants: [word('funç(?:ão|ões)')] },
    { concept: 'status', term: 'situação', variants: [/(?<![\p{L}-])(?<!código de )status(?![\p{L}:])/iu, word('estados?')] },
    { concept: 'an identifier', term: 'ID', variants: [/(?<!\p{L})identificador(?!\p{L})(?! único)/iu, /(?<!\p{L})id(?!\p{L})/u] },
    {
      concept: 'employee ID',
      term: 'ID de funcionário',
      variants: [word('(?:ID|número) do funcionário'), word('número de funcionário'), word('matrículas?')],
    },
    { concept: 'a workflow’s source video', term: 'vídeo de origem', variants: [word('vídeos? origina(?:l|is)')] },
    { concept: 'a workflow’s steps', term: 'etapas', variants: [word('passos?')] },
    { concept: 'client key', term: 'chave de cliente', variants: [word('chaves? do cliente')] },
    { concept: 'the SCIM base URL', term: 'URL base do SCIM', variants: [word('URL base SCIM'), word('URL de base SCIM')] },
  ],
  es: [
    { concept: 'bearer token', term: 'token de portador', variants: [word('bearer token'), word('token bearer')] },
    { concept: 'an identifier', term: 'ID', variants: [/(?<!\p{L})identificador(?!\p{L})(?! único)/iu, /(?<!\p{L})id(?!\p{L})/u] },
    { concept: 'employee ID', term: 'ID de empleado', variants: [word('número de empleado')] },
    { concept: 'a workflow’s source video', term: 'vídeo de origen', variants: [word('vídeos? origina(?:l|les)')] },
    { concept: 'the SCIM base URL', term: 'URL base de SCIM', variants: [word('URL base SCIM'), word('URL de base SCIM')] },
  ],
};

function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

/** The text a reader sees as words: without {{placeholders}}, $t() nesting, `code`, {params} and ${expressions}. */
const prose = (text: string) => text.replace(/\{\{.*?\}\}|\$t\(.*?\)|`[^`]*`|\$\{[^}]*\}|\{[a-zA-Z]+\}/g, ' ');

const server = path.resolve(import.meta.dirname, '../../../server/src');

/** The API reference's prose (reference-prose/<locale>.json): English sentence → translation. */
function referenceProse(locale: Locale): [string, string][] {
  if (locale === 'en') return [];
  const file = path.join(server, `modules/external-api/reference-prose/${locale}.json`);
  return Object.values(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map((v) => [
    `reference prose: ${v.slice(0, 40)}`,
    v,
  ]);
}

/**
 * The e-mails' texts: in mail/*.ts each e-mail has one function per language, `fr: (m) => ({ … })`,
 * whose string literals are read here up to the block's closing `}),`.
 */
function mailTexts(locale: Locale): [string, string][] {
  const dir = path.join(server, 'mail');
  const found: [string, string][] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(path.join(dir, name), 'utf8');
    const block = new RegExp(`^(\\s+)${locale}: \\([^)]*\\) =>[\\s\\S]*?^\\1\\}\\),?$`, 'gm');
    for (const [text] of source.matchAll(block))
      for (const [, ...literal] of text.matchAll(/`((?:\\.|[^`\\])*)`|'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"/g)) {
        const value = literal.find((l) => l !== undefined) ?? '';
        if (/\p{L}{3}/u.test(value)) found.push([`mail/${name}`, value]);
      }
  }
  return found;
}

const uses = ({ variants, raw }: Entry, text: string) => variants.some((re) => re.test(raw ? text : prose(text)));

const LOCALES: Locale[] = ['en', 'es', 'fr', 'pt'];
const texts = Object.fromEntries(
  await Promise.all(LOCALES.map(async (l) => [l, [...strings(await loadCatalogue(l)), ...referenceProse(l), ...mailTexts(l)]] as const)),
) as Record<Locale, [string, string][]>;

describe('the glossary: one term per concept', () => {
  for (const locale of LOCALES)
    it(`${locale}: no catalogue, reference prose or e-mail uses a variant of a glossary term`, () => {
      const hits = GLOSSARY[locale].flatMap((entry) =>
        texts[locale].filter(([, v]) => uses(entry, v)).map(([k, v]) => `${entry.concept} → "${entry.term}": ${k}: ${v}`),
      );
      expect(hits, `\n${hits.join('\n')}\n`).toEqual([]);
    });

  it('reads the server’s texts (so the check is not vacuous)', () => {
    for (const locale of ['es', 'fr', 'pt'] as const) {
      expect(texts[locale].filter(([k]) => k.startsWith('reference prose')).length).toBeGreaterThan(50);
      expect(texts[locale].filter(([k]) => k.startsWith('mail/')).length).toBeGreaterThan(3);
    }
  });

  it('catches each known variant', () => {
    const caught = (locale: Locale, text: string) => GLOSSARY[locale].some((entry) => uses(entry, text));
    for (const [locale, text] of [
      ['fr', 'Imports d’utilisateurs'],
      ['fr', 'l’idToken comme jeton bearer'],
      ['fr', 'Les workflows ne peuvent pas être enregistrées pour une consultation hors ligne.'],
      ['fr', 'Erreurs de {{name}}'],
      ['fr', 'Erreurs de utilisateurs-fr.csv'],
      ['fr', 'Statut'],
      ['pt', 'um resumo da sua console'],
      ['pt', 'Função'],
      ['pt', 'token bearer'],
      ['es', 'Vídeo original'],
      ['en', 'New workflows import'],
    ] as const)
      expect(caught(locale, text), `${locale}: ${text}`).toBe(true);
    for (const [locale, text] of [
      ['fr', 'Importations d’utilisateurs'],
      ['fr', 'Les workflows ne peuvent pas être enregistrés pour une consultation hors ligne.'],
      ['fr', 'Données du workflow'],
      ['fr', 'Erreurs du fichier {{name}}'],
      ['fr', 'Microsoft Entra ID : dans l’approvisionnement'],
      ['fr', '{{count}} de workflows sélectionnés'],
      ['pt', 'Aqui está um resumo do seu console.'],
      ['pt', 'O código de status HTTP'],
      ['pt', 'campo de identificador único'],
      ['en', 'New workflow import'],
    ] as const)
      expect(caught(locale, text), `${locale}: ${text}`).toBe(false);
  });
});
