/**
 * User-import jobs: the import itself (resumable), its invitations (at a set rate), the
 * purge of a removed import, and a sweep that resumes whatever a stopped worker left
 * (at start and every minute). They run the registry's pipeline (pipeline.ts).
 */
import type { JobDefinition } from '../../jobs/queue.js';
import type { ModuleContext } from '../../registry.js';
import type { InviteUser } from './invitations.js';
import { USER_IMPORT_INVITATIONS_JOB, USER_IMPORT_JOB, USER_IMPORT_PURGE_JOB, USER_IMPORT_RESUME_JOB } from './pipeline.js';

const IMPORT_RETRY_LIMIT = 3;
/** One invitations run sends for this long, then queues the next run (short: a stopping worker waits for it). */
const INVITATION_RUN_SECONDS = 5;

export function userImportJobs({ deps, services }: ModuleContext): JobDefinition<any>[] {
  const pipeline = services.userImportPipeline;
  const invite: InviteUser = async (input) => {
    await services.invitations.invite(input);
  };

  async function resume() {
    for (const importId of await pipeline.orphanedImports()) await pipeline.enqueue(importId);
    for (const importId of await pipeline.importsOwingInvitations()) await deps.jobs?.send(USER_IMPORT_INVITATIONS_JOB, { importId });
    for (const { id } of await pipeline.removedImports()) await deps.jobs?.send(USER_IMPORT_PURGE_JOB, { importId: id });
  }

  return [
    {
      name: USER_IMPORT_JOB,
      retryLimit: IMPORT_RETRY_LIMIT,
      handler: async ({ importId }: { importId: string }, job) => {
        try {
          await pipeline.run(importId, { signal: job.signal });
        } catch (err) {
          deps.log?.error({ err, userImportId: importId, retryCount: job.retryCount }, 'user import failed');
          // The last try: show the import as failed (retry is offered) rather than processing forever.
          if (job.retryCount >= IMPORT_RETRY_LIMIT) await pipeline.fail(importId, (err as Error).message);
          throw err;
        }
      },
    },
    {
      name: USER_IMPORT_INVITATIONS_JOB,
      handler: async ({ importId }: { importId: string }, job) => {
        const more = await pipeline.sendInvitations(importId, invite, {
          perSecond: deps.config.USER_IMPORT_INVITATIONS_PER_SECOND,
          maxSeconds: INVITATION_RUN_SECONDS,
          signal: job.signal,
        });
        // A stopping process leaves the rest to the resume sweep of the next one.
        if (more && !job.signal.aborted) await deps.jobs?.send(USER_IMPORT_INVITATIONS_JOB, { importId });
      },
    },
    {
      name: USER_IMPORT_PURGE_JOB,
      handler: async ({ importId }: { importId: string }, job) => pipeline.purge(importId, job.signal),
    },
    {
      name: USER_IMPORT_RESUME_JOB,
      cron: '* * * * *',
      handler: resume,
      async onStart() {
        // One process owns an embedded database: any hold left on an import is of a process that died.
        if (deps.database.kind === 'pglite') await pipeline.dropAllLeases();
        await resume();
        // Imports still held may be held by a worker that just died: look again when the hold ends.
        for (const { id, wait } of await pipeline.heldImports()) await pipeline.enqueue(id, Math.ceil(wait) + 1);
      },
    },
  ];
}
