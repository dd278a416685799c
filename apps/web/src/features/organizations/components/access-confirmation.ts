/**
 * The confirmation of a staff switch that ends sessions or refuses calls: it reads what the
 * switch would stop, now, and lists it (decision 047). "SSO login only" turned on ends the
 * password sessions and refuses passwords at the console, while the external API goes on;
 * disabling an organization stops everyone and every key. If the numbers cannot be read the
 * confirmation still asks, and says so.
 */
import type { AccessCountsView } from '@console/contracts/organizations';
import { useT } from '../../../i18n/use-t';
import { type ConfirmRequest, useConfirm } from '../../../lib/dialogs/confirm';
import { readAccessCounts } from '../api/access-counts';

export type AccessChange = 'passwordSignIn' | 'disable';

type T = ReturnType<typeof useT>['t'];

/** The lines of what stops (and, for "SSO login only", what goes on), from the counts. */
export function accessFacts(t: T, language: string, change: AccessChange, c: AccessCountsView): string[] {
  type Line = 'passwordUsers' | 'openPasswordSessions' | 'apiUsers' | 'keysKept' | 'enabledUsers' | 'openSessions' | 'keysStopped';
  // The number in the page's locale ("115.526" in Portuguese); a count of 0 has its own words ("No access key is active").
  const line = (key: Line, count: number) => t(`organizations:access.${key}`, { count, n: count.toLocaleString(language) });
  return change === 'passwordSignIn'
    ? [
        line('passwordUsers', c.passwordUsers),
        line('openPasswordSessions', c.openPasswordSessions),
        line('apiUsers', c.apiUsers),
        line('keysKept', c.activeAccessKeys),
      ]
    : [line('enabledUsers', c.enabledUsers), line('openSessions', c.openSessions), line('keysStopped', c.activeAccessKeys)];
}

/** `confirmAccessChange('passwordSignIn', organizationId, request)`: asks with the counts; true when confirmed. */
export function useConfirmAccessChange() {
  const { t, i18n } = useT();
  const confirm = useConfirm();
  return async (change: AccessChange, organizationId: string, request: ConfirmRequest): Promise<boolean> => {
    const facts = await readAccessCounts(organizationId).then(
      (counts) => accessFacts(t, i18n.language, change, counts),
      () => [t('organizations:access.countsUnavailable')],
    );
    return confirm({ ...request, facts });
  };
}
