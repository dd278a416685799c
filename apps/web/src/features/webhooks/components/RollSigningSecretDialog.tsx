/** Roll an endpoint's signing secret: what a grace period means for receivers, then how long the old secret keeps signing. */
import type { GracePeriod } from '@console/contracts/access-keys';
import { useT } from '../../../i18n/use-t';
import { RollSecretDialog } from '../../../lib/secrets/RollSecretDialog';

export function RollSigningSecretDialog({
  open,
  onClose,
  onRoll,
}: {
  open: boolean;
  onClose: () => void;
  onRoll: (gracePeriod: GracePeriod) => void;
}) {
  const { t } = useT();
  return (
    <RollSecretDialog
      open={open}
      onClose={onClose}
      onRoll={onRoll}
      texts={{
        title: t('webhooks:roll.title'),
        explain: t('webhooks:roll.explain'),
        grace: t('webhooks:roll.grace'),
        confirm: t('webhooks:roll.confirm'),
        period: (g) => t(`webhooks:roll.periods.${g}`),
      }}
    />
  );
}
