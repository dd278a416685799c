/** The trail's action filter: every action, grouped by area, several at once (lib/events/ActionSelect). */
import type { EventAction } from '@console/contracts/events';
import { useT } from '../../../i18n/use-t';
import { ActionSelect } from '../../../lib/events/ActionSelect';

export function ActionFilter({ value, onChange }: { value: EventAction[]; onChange: (actions: EventAction[]) => void }) {
  const { t } = useT();
  return (
    <ActionSelect
      value={value}
      onChange={onChange}
      label={t('auditTrail:filters.actions')}
      emptyText={t('auditTrail:filters.allActions')}
      sx={{ width: { xs: '100%', md: 260 } }}
    />
  );
}
