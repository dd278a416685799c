/**
 * The trail's action filter: every action, grouped by area (the contracts' `eventActionsByArea`),
 * several at once. An area's own line chooses all of its actions, or none when all were chosen.
 */
import { type EventAction, type EventArea, eventActionsByArea, eventAreas } from '@console/contracts/events';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../../i18n/use-t';

const AREA = 'area:';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action's short name in the reader's language. */
export function actionLabel(t: unknown, action: EventAction): string {
  return (t as Translate)(`auditTrail:actions.${action}`);
}

/** The actions of `chosen` with the area's all added, or all removed when all were chosen already. */
export function toggleArea(chosen: readonly EventAction[], area: EventArea): EventAction[] {
  const own = eventActionsByArea[area] as readonly EventAction[];
  const all = own.every((a) => chosen.includes(a));
  return all ? chosen.filter((a) => !own.includes(a)) : [...chosen, ...own.filter((a) => !chosen.includes(a))];
}

function Check({ state }: { state: 'all' | 'some' | 'none' }) {
  const Icon = state === 'all' ? CheckBoxIcon : state === 'some' ? IndeterminateCheckBoxIcon : CheckBoxOutlineBlankIcon;
  return (
    <ListItemIcon>
      <Icon fontSize="small" color={state === 'none' ? 'action' : 'primary'} />
    </ListItemIcon>
  );
}

export function ActionFilter({ value, onChange }: { value: EventAction[]; onChange: (actions: EventAction[]) => void }) {
  const { t } = useT();
  const summary = (chosen: EventAction[]) => {
    if (chosen.length === 0) return t('auditTrail:filters.allActions');
    if (chosen.length === 1) return actionLabel(t, chosen[0]);
    const area = eventAreas.find(
      (a) => eventActionsByArea[a].length === chosen.length && chosen.every((c) => eventActionsByArea[a].includes(c as never)),
    );
    return area ? t(`auditTrail:areas.${area}`) : t('auditTrail:filters.someActions', { count: chosen.length });
  };
  return (
    <TextField
      select
      size="small"
      label={t('auditTrail:filters.actions')}
      value={value}
      onChange={(e) => {
        const picked = e.target.value as unknown as string[];
        const area = picked.find((p) => p.startsWith(AREA))?.slice(AREA.length) as EventArea | undefined;
        onChange(area ? toggleArea(value, area) : (picked as EventAction[]));
      }}
      slotProps={{
        select: { multiple: true, displayEmpty: true, renderValue: (chosen) => summary(chosen as EventAction[]) },
        inputLabel: { shrink: true },
      }}
      sx={{ width: { xs: '100%', md: 260 } }}
    >
      {eventAreas.flatMap((area) => {
        const own = eventActionsByArea[area] as readonly EventAction[];
        const count = own.filter((a) => value.includes(a)).length;
        return [
          <MenuItem key={`${AREA}${area}`} value={`${AREA}${area}`} sx={{ fontWeight: 600 }}>
            <Check state={count === own.length ? 'all' : count ? 'some' : 'none'} />
            <ListItemText primary={t(`auditTrail:areas.${area}`)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </MenuItem>,
          ...own.map((action) => (
            <MenuItem key={action} value={action} sx={{ pl: 4 }}>
              <Check state={value.includes(action) ? 'all' : 'none'} />
              <ListItemText primary={actionLabel(t, action)} />
            </MenuItem>
          )),
        ];
      })}
    </TextField>
  );
}
