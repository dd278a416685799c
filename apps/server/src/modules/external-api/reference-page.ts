/**
 * The interactive API reference (Scalar), served from this server: no CDN, and no inline
 * script, so the console's strict Content-Security-Policy holds on this page too. The
 * Scalar plugin serves its bundled script; its own HTML (which needs an inline script) is
 * replaced by a page that configures Scalar through data attributes.
 */

import { API_LOCALES, type ApiLocale } from '@console/contracts';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { readerLocale } from './reference-prose.js';

/** Under the external API's prefix; an HTML document, so it gets the documents' security headers. */
export const REFERENCE_ROUTE = '/reference';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `?lang=es|fr|pt`: the page in that language as far as it is ours (its title, and the
 * document's prose: `openapi.json?lang=`); Scalar's own labels stay English.
 */
export const referencePage: FastifyPluginAsync<{ title: (locale: ApiLocale) => string }> = async (app, opts) => {
  // Only what this server serves: no web fonts, no hosted AI agent, MCP or developer toolbar.
  const configuration = (locale: ApiLocale) => ({
    withDefaultFonts: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    authentication: { preferredSecurityScheme: [['apiKey', 'idToken']] },
    metaData: { title: opts.title(locale) },
  });
  const page = (locale: ApiLocale) => {
    const documentUrl = locale === 'en' ? '../openapi.json' : `../openapi.json?lang=${locale}`;
    return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title(locale))}</title>
</head>
<body>
<script id="api-reference" data-url="${documentUrl}" data-configuration="${escapeHtml(JSON.stringify(configuration(locale)))}"></script>
<script src="./js/scalar.js"></script>
</body>
</html>`;
  };
  const pages = new Map(API_LOCALES.map((locale) => [locale, page(locale)]));

  async function ownPage(request: FastifyRequest, reply: FastifyReply) {
    if (request.routeOptions.url?.endsWith(`${REFERENCE_ROUTE}/`)) {
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pages.get(readerLocale(request.query)));
    }
  }

  await app.register(scalar, {
    routePrefix: REFERENCE_ROUTE,
    // A URL (not @fastify/swagger) as the source: the plugin then adds no document routes of its own.
    configuration: { url: '../openapi.json' },
    hooks: { onRequest: ownPage },
  });
};
