/**
 * Zod without its JIT in the browser. Building an object schema, zod probes whether it may
 * compile parsers with `new Function`; our CSP has no 'unsafe-eval', so the probe is refused
 * and the browser reports a CSP violation (an issue in the console and in Lighthouse), though
 * zod catches it. With `jitless` zod skips the probe. It reads its settings from this global,
 * shared by every copy of zod, so the entry sets it without loading zod (decision 004's budget);
 * main.tsx imports this module first, before any chunk that builds a schema can run.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
