/** An endpoint's signing secret, new or rolled, shown this once with a copy action. */
import { useT } from '../../../i18n/use-t';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';

export function RevealSigningSecret({
  secret,
  url,
  onClose,
  returnFocusTo,
}: {
  secret: string | null;
  url: string;
  onClose: () => void;
  /** The button that led to the secret (Roll, Add endpoint): the dialog in between has gone. */
  returnFocusTo: () => HTMLElement | null | undefined;
}) {
  const { t } = useT();
  return (
    <RevealSecretDialog
      secret={secret}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      texts={{
        title: t('webhooks:reveal.title'),
        once: t('webhooks:reveal.once'),
        how: t('webhooks:reveal.how', { url }),
        copy: t('webhooks:reveal.copy'),
        done: t('webhooks:reveal.done'),
      }}
    />
  );
}
