/** The user's-language text of a field message of the org-admin contracts (org-admin.ts), or undefined. */
import { CLIENT_KEY_MAX, PERSON_NAME_MAX } from '@console/contracts/org-admin';
import type { useT } from '../../../i18n/use-t';

export function fieldProblem(t: ReturnType<typeof useT>['t'], message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'required') return t('orgAdmin:validation.required');
  if (message === 'tooLong') return t('orgAdmin:validation.tooLong', { max: PERSON_NAME_MAX });
  if (message === 'clientKeyTooLong') return t('orgAdmin:validation.tooLong', { max: CLIENT_KEY_MAX });
  if (message === 'email') return t('orgAdmin:validation.email');
  if (message === 'clientKeyInvalid') return t('orgAdmin:validation.clientKeyInvalid');
  if (message.startsWith('password')) return t('orgAdmin:validation.password');
  return t('orgAdmin:validation.invalid');
}
