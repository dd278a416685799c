/**
 * What the server tells the built web app about where it runs, written into the index.html
 * it serves, so one build works under any API_BASE_PATH (decision 028). No imports: the
 * first page reads it before anything else loads.
 */

/** `<meta name="api-base-path" content="/console-api">`: the API's base path. */
export const API_BASE_META = 'api-base-path';

/** The base path when the page carries no meta (the Vite dev server, tests). */
export const DEFAULT_API_BASE_PATH = '/api';

/**
 * A base path: one or more `/segment`s of letters, digits, `_` and `-`; no trailing `/`, and
 * never `//` (which a browser reads as another host).
 */
export const API_BASE_PATH_PATTERN = /^(\/[a-z0-9_-]+)+$/i;
