/**
 * The one wiring place: every repository and service of the server is built here, once
 * per app, from the app's dependencies. Route plugins and jobs receive what they need from
 * it (`services.accessKeys`); none builds its own.
 *
 * A service factory takes one object of explicit, narrow dependencies (`db`, its
 * repository, `clock`, …); a repository factory takes `db` and every method takes an
 * optional executor last (`db: Db = root`), so a service can run it in its transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { createIntegrationsRepository } from './modules/integrations/integrations.repository.js';
import { createIntegrationsService } from './modules/integrations/integrations.service.js';
import { createWorkflowImportRunner } from './modules/workflow-imports/run.js';
import { currentSourceEnvs } from './modules/workflow-imports/source-envs.js';
import { createWorkflowCopyRepository } from './modules/workflow-imports/workflow-copy.repository.js';
import { createWorkflowImportItemsRepository } from './modules/workflow-imports/workflow-import-items.repository.js';
import { createWorkflowImportPickersRepository } from './modules/workflow-imports/workflow-import-pickers.repository.js';
import { createWorkflowImportsRepository } from './modules/workflow-imports/workflow-imports.repository.js';
import { createWorkflowImportsService } from './modules/workflow-imports/workflow-imports.service.js';

export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const { clock } = deps;
  // Told of a change, this process's caches of an organization forget it at once (db/change-feed.ts);
  // read when called, as the app starts its change feed after the deps are made.
  const changes = { changed: (organizationId: string) => deps.changes?.changed(organizationId) };

  // Workflow imports read sources from other environments too (WORKFLOW_SOURCE_ENVS).
  const sourceEnvs = currentSourceEnvs(deps);

  const repositories = {
    accessKeys: createIntegrationsRepository(db),
    workflowImportPickers: createWorkflowImportPickersRepository(db),
    workflowImports: createWorkflowImportsRepository(db),
    workflowImportItems: createWorkflowImportItemsRepository(db),
    workflowCopy: createWorkflowCopyRepository(db),
  };

  return {
    accessKeys: createIntegrationsService({ db, repo: repositories.accessKeys, clock, changes }),
    workflowImports: createWorkflowImportsService({
      db,
      pickers: repositories.workflowImportPickers,
      imports: repositories.workflowImports,
      envs: sourceEnvs,
      jobs: deps.jobs,
    }),
    workflowImportRunner: createWorkflowImportRunner({
      db,
      imports: repositories.workflowImports,
      items: repositories.workflowImportItems,
      copy: repositories.workflowCopy,
      envs: sourceEnvs,
      log: deps.log,
    }),
  };
}

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
