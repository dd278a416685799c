/**
 * User-import jobs: the import itself (resumable), its invitations (at a set rate), the
 * purge of a removed import, and a sweep that resumes whatever a stopped worker left
 * (at start and every minute). They run the registry's pipeline (pipeline.ts).
 */
import type { UserImportJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';
import type { InviteUser } from './invitations.js';

const IMPORT_RETRY_LIMIT = 3;
/** What the user reads of an import that failed on every try (the causes are in the log, not shown: they may name files). */
const GAVE_UP = `It failed ${IMPORT_RETRY_LIMIT + 1} times in a row.`;
/** One invitations run sends for this long, then queues the next run (short: a stopping worker waits for it). */
const INVITATION_RUN_SECONDS = 5;

export function userImportJobs({ deps, services }: ModuleContext): JobDefinitions<UserImportJobs> {
  const pipeline = services.userImportPipeline;
  const invite: InviteUser = async (input) => {
    await services.invitations.invite(input);
  };

  async function resume() {
    for (const importId of await pipeline.orphanedImports()) await resumeImport(importId);
    for (const importId of await pipeline.importsOwingInvitations()) await deps.jobs.send('user-import-invitations', { importId });
    for (const { id } of await pipeline.removedImports()) await deps.jobs.send('user-import-purge', { importId: id });
  }

  /**
   * An import no run holds. A run already waiting in the queue (queued, or between two tries)
   * will take it: no second one. A run that used its tries ends it as failed (its give-up
   * could not record that, say): it is not started again. Otherwise (a process died
   * mid-run, or stopped) it is queued again.
   */
  async function resumeImport(importId: string, startAfterSeconds?: number) {
    const state = await deps.jobs.latestState('user-import', importId);
    if (state === 'created' || state === 'retry') return;
    if (state === 'failed') await pipeline.fail(importId, GAVE_UP);
    else await pipeline.enqueue(importId, startAfterSeconds);
  }

  return [
    {
      name: 'user-import',
      retryLimit: IMPORT_RETRY_LIMIT,
      handler: async ({ importId }, job) => {
        try {
          await pipeline.run(importId, { signal: job.signal, owner: job.id });
        } catch (err) {
          deps.log?.error({ err, userImportId: importId, retryCount: job.retryCount, lastTry: job.lastTry }, 'user import failed');
          throw err;
        }
      },
      // The last try failed: show the import as failed (Retry is offered) rather than processing for ever.
      onGiveUp: ({ importId }) => pipeline.fail(importId, GAVE_UP),
    },
    {
      name: 'user-import-invitations',
      handler: async ({ importId }, job) => {
        const more = await pipeline.sendInvitations(importId, invite, {
          perSecond: deps.config.USER_IMPORT_INVITATIONS_PER_SECOND,
          maxSeconds: INVITATION_RUN_SECONDS,
          signal: job.signal,
        });
        // A stopping process leaves the rest to the resume sweep of the next one.
        if (more && !job.signal.aborted) await deps.jobs.send('user-import-invitations', { importId });
        // Nothing owed any more: what the import no longer needs goes (when it has ended).
        if (!more) await pipeline.settle(importId);
      },
    },
    {
      name: 'user-import-purge',
      handler: async ({ importId }, job) => pipeline.purge(importId, job.signal),
    },
    {
      name: 'user-import-retention',
      cron: '47 * * * *',
      retryLimit: 1,
      handler: async () => {
        const expired = await pipeline.expireFiles(deps.config.USER_IMPORT_FILE_RETENTION_DAYS);
        if (expired > 0) deps.log?.info({ expired }, 'user imports: files past their retention removed');
      },
    },
    {
      name: 'user-import-resume',
      cron: '* * * * *',
      handler: resume,
      async onStart() {
        // One process owns an embedded database: any hold left on an import is of a process that died.
        if (!deps.database.profile.sharedByProcesses) await pipeline.dropAllLeases();
        await resume();
        // Imports still held may be held by a worker that just died: look again when the hold ends.
        for (const { id, wait } of await pipeline.heldImports()) await resumeImport(id, Math.ceil(wait) + 1);
      },
    },
  ];
}
