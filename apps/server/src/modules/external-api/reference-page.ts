/**
 * The interactive API reference (Scalar), served from this server: no CDN, and no inline
 * script, so the console's strict Content-Security-Policy holds on this page too. The
 * Scalar plugin serves its bundled script; its own HTML (which needs an inline script) is
 * replaced by a page that configures Scalar through data attributes.
 *
 * Scalar is one script of megabytes (its size, measured, is in bench/history.md) that
 * renders nothing until all of it has arrived and run. So the page itself carries its first screen: the document's title,
 * introduction and every operation by tag, drawn by the server from the same document,
 * readable at once and hidden when Scalar's app appears. The script is sent compressed
 * once and named by its content's hash, so a browser keeps it for a year and fetches it
 * again only when an upgrade changes it.
 */

import crypto from 'node:crypto';
import type { ApiLocale } from '@console/contracts';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { type CompressedOnce, compressedAhead, sendCompressedOnce } from '../../http/compressed-once.js';
import { readerLocale } from './reference-prose.js';

/** Under the external API's prefix; an HTML document, so it gets the documents' security headers. */
export const REFERENCE_ROUTE = '/reference';

const SCRIPT_PATH = '/js/scalar.js';
/** Brotli's quality for the script: a second of one pool thread once, 8% smaller than the API answers' quality. */
const SCRIPT_BROTLI_QUALITY = 5;
const YEAR_SECONDS = 365 * 24 * 3600;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Script {
  /** A short hash of its bytes: the page asks for `scalar.js?v=<hash>`, which may be kept forever. */
  version: string;
  /** Compressed on first demand: the page needs only the version and need not wait for it. */
  body: () => Promise<CompressedOnce>;
}

/** The plugin's bundled script, asked of the plugin itself (it exports no other way to it). */
async function loadScript(): Promise<Script> {
  const plugin = Fastify({ logger: false });
  try {
    await plugin.register(scalar, { routePrefix: '/r', configuration: { url: 'x' } });
    const bytes = (await plugin.inject(`/r${SCRIPT_PATH}`)).rawPayload;
    const version = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
    let compressed: Promise<CompressedOnce> | undefined;
    return { version, body: () => (compressed ??= compressedAhead(bytes, SCRIPT_BROTLI_QUALITY)) };
  } finally {
    await plugin.close();
  }
}

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
}
interface OpenApiDocument {
  info?: { title?: string; description?: string };
  tags?: { name: string; 'x-displayName'?: string }[];
  paths?: Record<string, Record<string, OpenApiOperation>>;
}
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The little Markdown the document's prose uses: `code` spans, lines that start with "- " and fenced examples. */
function proseHtml(markdown: string): string {
  const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
  return markdown
    .split(/\n{2,}/)
    .flatMap((paragraph) => {
      // An example (```sh … ```) is shown as it is written.
      if (paragraph.startsWith('```')) return [`<pre><code>${escapeHtml(paragraph.split('\n').slice(1, -1).join('\n'))}</code></pre>`];
      const blocks: string[] = [];
      let items: string[] = [];
      const endList = () => {
        if (items.length) blocks.push(`<ul class="prose">${items.join('')}</ul>`);
        items = [];
      };
      for (const line of paragraph.split('\n').filter((l) => l.trim())) {
        if (line.startsWith('- ')) items.push(`<li>${inline(line.slice(2))}</li>`);
        else {
          endList();
          blocks.push(`<p>${inline(line)}</p>`);
        }
      }
      endList();
      return blocks;
    })
    .join('\n');
}

/** The first screen: what the reader came for (the calls there are), readable before any script. */
export function firstScreen(document: OpenApiDocument, title: string): string {
  const tagNames = new Map((document.tags ?? []).map((tag) => [tag.name, tag['x-displayName'] ?? tag.name]));
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? '';
      const line = `<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ${escapeHtml(operation.summary ?? '')}</li>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), line]);
    }
  }
  const sections = [...byTag].map(
    ([tag, lines]) => `${tag ? `<h2>${escapeHtml(tagNames.get(tag) ?? tag)}</h2>` : ''}<ul>${lines.join('')}</ul>`,
  );
  return `<main id="first-screen">\n<h1>${escapeHtml(title)}</h1>\n${proseHtml(document.info?.description ?? '')}\n${sections.join('\n')}\n</main>`;
}

// Inline styles are allowed by the documents' policy (inline scripts are not). `:has` hides the
// first screen once Scalar has drawn its own.
const FIRST_SCREEN_STYLE = `<style>
#first-screen{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b1b1b;overflow-wrap:anywhere}
#first-screen h2{font-size:1.1rem;margin:1.5rem 0 .5rem}#first-screen ul{padding:0;list-style:none}#first-screen li{margin:.25rem 0}
#first-screen ul.prose{padding-inline-start:1.5rem;list-style:disc}
#first-screen code{font:14px/1.5 ui-monospace,monospace}#first-screen pre{overflow-x:auto;white-space:pre}#first-screen li>code:first-child{margin-inline-end:.5rem}
body:has(.scalar-app) #first-screen{display:none}
</style>`;

/**
 * `?lang=es|fr|pt`: the page in that language as far as it is ours (its title, the first
 * screen and the document's prose: `openapi.json?lang=`); Scalar's own labels stay English.
 */
export const referencePage: FastifyPluginAsync<{
  title: (locale: ApiLocale) => string;
  document: (locale: ApiLocale) => unknown;
}> = async (app, opts) => {
  // Only what this server serves: no web fonts, no hosted AI agent, MCP or developer toolbar.
  const configuration = (locale: ApiLocale) => ({
    withDefaultFonts: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    authentication: { preferredSecurityScheme: [['apiKey', 'idToken']] },
    metaData: { title: opts.title(locale) },
  });
  let script: Promise<Script> | undefined;
  const theScript = () => {
    script ??= loadScript().catch((err) => {
      script = undefined;
      throw err;
    });
    return script;
  };
  const page = (locale: ApiLocale, version: string) => {
    const documentUrl = locale === 'en' ? '../openapi.json' : `../openapi.json?lang=${locale}`;
    return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title(locale))}</title>
${FIRST_SCREEN_STYLE}
<script src=".${SCRIPT_PATH}?v=${version}" defer></script>
</head>
<body>
${firstScreen(opts.document(locale) as OpenApiDocument, opts.title(locale))}
<script id="api-reference" data-url="${documentUrl}" data-configuration="${escapeHtml(JSON.stringify(configuration(locale)))}"></script>
</body>
</html>`;
  };
  const pages = new Map<ApiLocale, string>();

  async function ownPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.routeOptions.url ?? '';
    if (url.endsWith(`${REFERENCE_ROUTE}/`)) {
      const locale = readerLocale(request.query);
      const { version } = await theScript();
      if (!pages.has(locale)) pages.set(locale, page(locale, version));
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(pages.get(locale));
    }
    if (url.endsWith(`${REFERENCE_ROUTE}${SCRIPT_PATH}`)) {
      const { body, version } = await theScript();
      const asked = (request.query as Record<string, unknown>).v;
      // Only the name the page gives is kept forever; any other is checked again each time.
      reply.header('cache-control', asked === version ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      return sendCompressedOnce(request, reply, await body(), 'application/javascript; charset=utf-8');
    }
  }

  await app.register(scalar, {
    routePrefix: REFERENCE_ROUTE,
    // A URL (not @fastify/swagger) as the source: the plugin then adds no document routes of its own.
    configuration: { url: '../openapi.json' },
    hooks: { onRequest: ownPage },
  });
};
