/**
 * What modules, their jobs and the job registry are given: the app's dependencies and its
 * services. It lives below the composition root (registry.ts) and imports nothing of it: the
 * root declares what `Services` holds (registry.ts adds it to the interface below, as the app
 * adds `deps` to Fastify's), so a module is handed what it needs and never reaches for how it
 * is built (decision 061).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';

/** Every service, limiter and guard of the app, as the composition root built them (its `createServices`). */
// biome-ignore lint/suspicious/noEmptyInterface: the composition root declares its members (registry.ts).
export interface Services {}

/** What every API module (a Fastify plugin under the API base path) is given. */
export interface ModuleContext {
  deps: AppDeps;
  services: Services;
}

export type ApiModule = FastifyPluginAsyncZod<ModuleContext>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (built once by createServices); jobs of the same process use these too. */
    services: Services;
  }
}
