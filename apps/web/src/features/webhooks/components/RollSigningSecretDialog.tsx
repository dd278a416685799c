/** Roll an endpoint's signing secret: what a grace period means for receivers, then how long the old secret keeps signing. */
import { useT } from '../../../i18n/use-t';
import { RollSecretDialog, type RollSecretProps } from '../../../lib/secrets/RollSecretDialog';

export function RollSigningSecretDialog(props: RollSecretProps) {
  const { t } = useT();
  return (
    <RollSecretDialog
      {...props}
      texts={{
        title: t('webhooks:roll.title'),
        explain: t('webhooks:roll.explain'),
        grace: t('webhooks:roll.grace'),
        confirm: t('webhooks:roll.confirm'),
        period: (g) => t(`webhooks:roll.periods.${g}`),
        rolled: t('webhooks:notices.rolled'),
        failedKey: 'webhooks:errors.roll',
      }}
    />
  );
}
