/** Roll a key: a new secret, and how long the old one keeps working. */
import { useT } from '../../../i18n/use-t';
import { RollSecretDialog, type RollSecretProps } from '../../../lib/secrets/RollSecretDialog';

export function RollKeyDialog({ name, ...props }: RollSecretProps & { name: string }) {
  const { t } = useT();
  return (
    <RollSecretDialog
      {...props}
      texts={{
        title: t('accessKeys:roll.title', { name }),
        grace: t('accessKeys:roll.grace'),
        confirm: t('accessKeys:roll.confirm'),
        period: (g) => t(`accessKeys:roll.periods.${g}`),
        rolled: t('accessKeys:notices.rolled'),
        failedKey: 'accessKeys:errors.roll',
      }}
    />
  );
}
