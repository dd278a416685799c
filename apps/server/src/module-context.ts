/**
 * What modules, their jobs and the job registry are given: the app's dependencies and its
 * services. It lives apart from the one wiring place (registry.ts) so that no module imports
 * the registry: a module is handed what it needs, it never reaches for how it is built.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import type { createServices } from './registry.js';

export type Services = ReturnType<typeof createServices>;

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
