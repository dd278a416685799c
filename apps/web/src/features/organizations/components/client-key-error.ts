/**
 * The text of a client key's field problem: its own message for characters it does not
 * take, else the common vocabulary (lib/validation.ts) with the key's length limit.
 */
import { CLIENT_KEY_MAX } from '@console/contracts/organizations';
import type { useT } from '../../../i18n/use-t';
import { fieldError } from '../../../lib/validation';

export function clientKeyError(t: ReturnType<typeof useT>['t'], message: string | undefined): string | undefined {
  if (message === 'clientKeyInvalid') return t('organizations:clientKey.invalid');
  return fieldError(t, message === 'clientKeyTooLong' ? 'tooLong' : message, { max: CLIENT_KEY_MAX });
}
