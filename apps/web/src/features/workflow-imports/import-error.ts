/** The user's-language text of a workflow-import error: this feature's codes first, then the app's. */
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { isHttpError } from '../../lib/http';

export function importErrorMessage(err: unknown, fallbackKey?: string): string {
  const key = isHttpError(err) ? `workflowImports:codes.${err.code}` : undefined;
  if (key && i18n.exists(key)) return (i18n.t as (k: string) => string)(key);
  return errorMessage(err, fallbackKey);
}

/** The form field a server refusal names (`details[0].path`), if it is one of the form's. */
export function refusedField<F extends string>(err: unknown, fields: readonly F[]): F | undefined {
  if (!isHttpError(err) || !Array.isArray(err.details)) return undefined;
  const path = (err.details[0] as { path?: unknown } | undefined)?.path;
  const field = typeof path === 'string' ? path.replace(/^\//, '') : '';
  return fields.find((f) => f === field);
}
