/** Roll a key: a new secret, and how long the old one keeps working. */
import type { GracePeriod } from '@console/contracts/access-keys';
import { useT } from '../../../i18n/use-t';
import { RollSecretDialog } from '../../../lib/secrets/RollSecretDialog';

export function RollKeyDialog({
  name,
  open,
  onClose,
  onRoll,
}: {
  name: string;
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
        title: t('accessKeys:roll.title', { name }),
        grace: t('accessKeys:roll.grace'),
        confirm: t('accessKeys:roll.confirm'),
        period: (g) => t(`accessKeys:roll.periods.${g}`),
      }}
    />
  );
}
