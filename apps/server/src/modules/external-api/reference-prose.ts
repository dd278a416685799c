/**
 * The API reference's prose in the reader's language (docs/decisions/037): the OpenAPI
 * document is written in English (the contracts' `.describe()`s, the routes' summaries,
 * openapi-responses.ts, scim.openapi.ts); each other locale has a catalogue from those English
 * sentences to its own, `reference-prose/<locale>.json`. Names (paths, fields, codes, tags)
 * stay as they are: integrators write them in code.
 *
 * A few sentences carry configuration (the base path, the rate limit, the product's name):
 * their catalogue key is the sentence with `{basePath}`, `{rateLimit}`, `{rateWindow}` and
 * `{product}` in place of the values, and `proseParams` gives the values.
 */
import { API_LOCALES, type ApiLocale } from '@console/contracts';
import es from './reference-prose/es.json' with { type: 'json' };
import fr from './reference-prose/fr.json' with { type: 'json' };
import pt from './reference-prose/pt.json' with { type: 'json' };

export type ProseParams = Record<'basePath' | 'rateLimit' | 'rateWindow' | 'product', string>;

const catalogues: Record<Exclude<ApiLocale, 'en'>, Record<string, string>> = { es, fr, pt };

/** The sentences that carry configuration, as their catalogue keys. */
export const PROSE_TEMPLATES = {
  info: [
    'Every call but `POST {basePath}/auth/token` needs two headers:',
    '- `apiKey`: an access key of your organization (Keys screen of the console);',
    '- `Authorization: Bearer <idToken>`: an idToken from `POST {basePath}/auth/token` with the e-mail and password of a user of the same organization.',
    '',
    'API users must be Organizational Admins, Workspace Admins or Publishers who sign in with a password: single sign-on accounts cannot use the API.',
    'Each access key may make {rateLimit} calls every {rateWindow} s; beyond that the API answers 429 with a Retry-After header (seconds).',
    'Lists are paged with `page` (from 1) and `limit` (default 20, at most 100) and return `total`.',
    'Errors answer `{ statusCode, code, message, details? }`.',
  ].join('\n'),
  title: '{product} integration API',
  idToken: 'From POST {basePath}/auth/token',
  license: "Proprietary: under your organization's agreement with {product}",
} as const;

/** A template with its values; only the four names above are placeholders (`{ statusCode, … }` is text). */
export const fillProse = (template: string, params: ProseParams) =>
  template.replace(/\{(basePath|rateLimit|rateWindow|product)\}/g, (_, name: keyof ProseParams) => params[name]);

/** Each English sentence of the document (as found in it) → its catalogue key. */
function keysOf(params: ProseParams): Map<string, string> {
  return new Map(Object.values(PROSE_TEMPLATES).map((template) => [fillProse(template, params), template]));
}

const PROSE_FIELDS = new Set(['description', 'summary']);

/** Where a document holds prose besides `description`s and `summary`s. */
type ProseHolders = { info?: { title?: string; license?: { name?: string } }; tags?: { name: string; 'x-displayName'?: string }[] };

/** The reader's language from a request's `?lang=`: one of the API's locales, English otherwise. */
export function readerLocale(query: unknown): ApiLocale {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  return (API_LOCALES as readonly unknown[]).includes(lang) ? (lang as ApiLocale) : 'en';
}

/**
 * An English sentence of the document (as found in it) in `locale`, where its catalogue has
 * it; as it is otherwise (the test keeps the catalogues complete).
 */
export function proseTranslator(locale: ApiLocale, params: ProseParams): (english: string) => string {
  if (locale === 'en') return (english) => english;
  const catalogue = catalogues[locale];
  const templated = keysOf(params);
  return (english) => {
    const own = catalogue[templated.get(english) ?? english];
    return own === undefined ? english : fillProse(own, params);
  };
}

/** A copy of `document` with every `description` and `summary` (and the licence's name) in `locale`; `en` is the document itself. */
export function localizeOpenApi<T>(document: T, locale: ApiLocale, params: ProseParams): T {
  if (locale === 'en') return document;
  const translate = proseTranslator(locale, params);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        PROSE_FIELDS.has(key) && typeof value === 'string' ? translate(value) : walk(value),
      ]),
    );
  };
  const localized = walk(document) as ProseHolders;
  // The title and the licence's name are prose too (not `description`s); a tag keeps its
  // name (operations and links refer to it) and shows a translated `x-displayName`.
  if (localized.info?.title) localized.info.title = translate(localized.info.title);
  if (localized.info?.license?.name) localized.info.license.name = translate(localized.info.license.name);
  for (const tag of localized.tags ?? []) tag['x-displayName'] = translate(tag.name);
  return localized as T;
}

/** The English sentences of a document that a catalogue must hold (as keys): for the completeness test. */
export function proseOf(document: unknown, params: ProseParams): string[] {
  const templated = keysOf(params);
  const found = new Set<string>();
  const walk = (node: unknown, key?: string) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
    else if (typeof node === 'string' && key && PROSE_FIELDS.has(key)) found.add(templated.get(node) ?? node);
  };
  walk(document);
  const { info, tags = [] } = document as ProseHolders;
  for (const text of [info?.title, info?.license?.name, ...tags.map((t) => t.name)]) if (text) found.add(templated.get(text) ?? text);
  return [...found];
}

export const proseCatalogue = (locale: Exclude<ApiLocale, 'en'>): Readonly<Record<string, string>> => catalogues[locale];
