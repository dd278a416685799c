/**
 * An import's statuses, without zod: the web's lists and the dashboard read them (user-imports.ts
 * has the schemas). `awaiting_confirmation`: validated, nothing applied, waiting for the admin's
 * Confirm (or removal); `stopped`: the admin stopped it while it ran, with what it had applied by then.
 */
export const USER_IMPORT_STATUSES = ['processing', 'awaiting_confirmation', 'error', 'validation_error', 'completed', 'stopped'] as const;

/**
 * Whether Retry can succeed (decision 022): after `error` (a job that failed, users or
 * invitations that could not be written or sent) it runs what failed again; after
 * `validation_error` it would read the same file and find the same errors, so a corrected
 * file is uploaded instead.
 */
export const isRetryable = (status: string): boolean => status === 'error';
