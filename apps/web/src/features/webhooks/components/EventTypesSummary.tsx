/** The event types an endpoint receives, in words: all of them, the one chosen, or how many. */
import type { WebhookView } from '@console/contracts/webhooks';
import { useT } from '../../../i18n/use-t';
import { actionLabel } from '../../../lib/events/ActionSelect';
import { chosenEventTypes } from '../endpoint-view';

export function EventTypesSummary({ endpoint }: { endpoint: WebhookView }) {
  const { t } = useT();
  const chosen = chosenEventTypes(endpoint);
  if (!chosen) return <>{t('webhooks:events.all')}</>;
  if (chosen.length === 1) return <>{actionLabel(t, chosen[0])}</>;
  return <>{t('webhooks:events.some', { count: chosen.length })}</>;
}
