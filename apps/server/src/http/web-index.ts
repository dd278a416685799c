/**
 * The web app's index.html as the server serves it: with the API's base path in a
 * `<meta>` (API_BASE_PATH), so one build of the web app works under any base path
 * (decision 028). The path is checked by the config (`API_BASE_PATH_PATTERN`: letters,
 * digits, `/`, `_`, `-`), so it needs no escaping in an attribute.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { API_BASE_META, API_BASE_PATH_PATTERN } from '@console/contracts';
import { type CompressedOnce, compressedOnce } from './compressed-once.js';

export function indexHtmlFor(html: string, apiBasePath: string): string {
  if (!API_BASE_PATH_PATTERN.test(apiBasePath)) throw new Error(`not a base path: ${apiBasePath}`);
  const meta = `<meta name="${API_BASE_META}" content="${apiBasePath}" />`;
  if (html.includes('</head>')) return html.replace('</head>', `    ${meta}\n  </head>`);
  // A document without a written head (HTML allows it): the parser puts the meta in the head.
  const doctype = /^\s*<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

/**
 * The served page of a built index.html, read again when a build replaces the file: a
 * rebuilt web app names new chunks, and the old page would ask for files that are gone (a
 * blank page until the server restarted). One stat per page load; while a build has removed
 * the file, the page read last is served.
 */
export function servedIndexHtml(file: string, apiBasePath: string) {
  let modified = Number.NaN;
  // Compressed once per build, at brotli's best, as the build compresses the other files (decision 029).
  let page: CompressedOnce | undefined;
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (mtimeMs !== modified || !page) {
        const html = Buffer.from(indexHtmlFor(fs.readFileSync(file, 'utf8'), apiBasePath));
        page = compressedOnce(html, zlib.constants.BROTLI_MAX_QUALITY);
        modified = mtimeMs;
      }
    } catch (err) {
      if (!page) throw err;
    }
    return page;
  };
}
