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
    'A key that acts on its own needs no idToken: `apiKey` alone is its credential (see its security scheme).',
    '',
    'API users must be Organizational Admins, Workspace Admins or Publishers who sign in with a password: single sign-on accounts cannot use the API.',
    'Each access key may make {rateLimit} calls every {rateWindow} s; beyond that the API answers 429 with a Retry-After header (seconds).',
    'Every answer to a valid access key tells what is left, in the IETF RateLimit fields: `RateLimit-Policy: "access-key";q={rateLimit};w={rateWindow}` and `RateLimit: "access-key";r=<calls left>;t=<seconds until the window ends>`.',
    'Lists are paged with `page` (from 1) and `limit` (default 20, at most 100) and return `total`.',
    'Errors answer `{ statusCode, code, message, details? }`.',
    '',
    'Writes (POST, PUT, PATCH, DELETE) take an `Idempotency-Key` header, 1 to 255 printable ASCII characters (a UUID is a good key), so that a retry after a lost answer is safe:',
    '- for 24 hours, the same access key sending the same request with the same key gets the first answer again, with `Idempotent-Replayed: true`, and nothing is done twice;',
    '- the same key with another request (method, path or body) is refused with 422 `IDEMPOTENCY_KEY_REUSED`;',
    '- a repeat that arrives while the first request still runs gets 409 `IDEMPOTENCY_KEY_IN_FLIGHT` with Retry-After;',
    '- an answer of 500 or more, or a 429, is not kept, nor is a request refused before it runs (its key, its role, its input): retry it with the same key.',
    '',
    'Make the key once per change and send it with every retry of that change:',
    '',
    '```sh',
    'KEY=$(uuidgen)  # one key for this new user, kept for its retries; CONSOLE is the address of your console',
    'curl --retry 5 -X POST "$CONSOLE{basePath}/users" -H "apiKey: $API_KEY" -H "Authorization: Bearer $ID_TOKEN" \\',
    '  -H "Idempotency-Key: $KEY" -H "Content-Type: application/json" -d \'{"email":"luis.perez@acme.example","displayName":"Luis Pérez"}\'',
    '```',
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

/**
 * A copy of `document` with `text` applied to its prose: every `description` and `summary`,
 * the title and the licence's name; a tag keeps its name (operations and links refer to it)
 * and shows `text` of it as its `x-displayName`.
 */
function mapProse<T>(document: T, text: (english: string) => string): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, PROSE_FIELDS.has(key) && typeof value === 'string' ? text(value) : walk(value)]),
    );
  };
  const mapped = walk(document) as ProseHolders;
  if (mapped.info?.title) mapped.info.title = text(mapped.info.title);
  if (mapped.info?.license?.name) mapped.info.license.name = text(mapped.info.license.name);
  for (const tag of mapped.tags ?? []) tag['x-displayName'] = text(tag.name);
  return mapped as T;
}

/** The document in `locale`; `en` is the document itself. */
export function localizeOpenApi<T>(document: T, locale: ApiLocale, params: ProseParams): T {
  return locale === 'en' ? document : mapProse(document, proseTranslator(locale, params));
}

/** The English sentences of a document that a catalogue must hold (as keys): for the completeness test. */
export function proseOf(document: unknown, params: ProseParams): string[] {
  const templated = keysOf(params);
  const found = new Set<string>();
  mapProse(document, (english) => {
    found.add(templated.get(english) ?? english);
    return english;
  });
  return [...found];
}

export const proseCatalogue = (locale: Exclude<ApiLocale, 'en'>): Readonly<Record<string, string>> => catalogues[locale];
