/** The secret of a new or rolled key, shown this once, with a copy action. */
import { useT } from '../../../i18n/use-t';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';

export function RevealKeyDialog({
  secret,
  name,
  onClose,
  returnFocusTo,
}: {
  secret: string | null;
  name: string;
  onClose: () => void;
  /** Where the focus goes once it has closed: a new key's row. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  const { t } = useT();
  return (
    <RevealSecretDialog
      secret={secret}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      texts={{
        title: t('accessKeys:reveal.title', { name }),
        once: t('accessKeys:reveal.once'),
        how: t('accessKeys:reveal.how'),
        copy: t('accessKeys:reveal.copy'),
        done: t('accessKeys:reveal.done'),
      }}
    />
  );
}
