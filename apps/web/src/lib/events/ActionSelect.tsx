/**
 * A choice of event actions grouped by area (the contracts' `eventActionsByArea`), several at
 * once, with each action's and area's name from the audit trail's catalogue. An area's own line
 * chooses all of its actions, or none when all were chosen. The audit trail filters by it and a
 * webhook endpoint subscribes with it; `actions` narrows the offer to those a caller accepts.
 */
import { type EventAction, type EventArea, eventActionsByArea, eventAreas } from '@console/contracts/events';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n/use-t';

const AREA = 'area:';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action's short name in the reader's language. */
export function actionLabel(t: unknown, action: EventAction): string {
  return (t as Translate)(`auditTrail:actions.${action}`);
}

/** An area's name in the reader's language. */
export function areaLabel(t: unknown, area: EventArea): string {
  return (t as Translate)(`auditTrail:areas.${area}`);
}

/** The actions of each area that `offered` holds, areas without any left out. */
export function groupedActions(offered: readonly EventAction[] = []): { area: EventArea; actions: EventAction[] }[] {
  return eventAreas
    .map((area) => ({ area, actions: (eventActionsByArea[area] as readonly EventAction[]).filter((a) => offered.includes(a)) }))
    .filter((group) => group.actions.length > 0);
}

/** The actions of `chosen` with the area's all added, or all removed when all were chosen already. */
export function toggleArea(chosen: readonly EventAction[], own: readonly EventAction[]): EventAction[] {
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

export interface ActionSelectProps {
  value: EventAction[];
  onChange: (actions: EventAction[]) => void;
  label: string;
  /** What the field reads when nothing is chosen. */
  emptyText: string;
  /** What it reads when several are chosen, in the caller's words (an endpoint's "3 event types"); "3 actions" by default. */
  countText?: (count: number) => string;
  /** The actions offered; every action when left out. */
  actions?: readonly EventAction[];
  size?: 'small' | 'medium';
  error?: boolean;
  helperText?: string;
  required?: boolean;
  sx?: SxProps<Theme>;
}

export function ActionSelect({
  value,
  onChange,
  label,
  emptyText,
  countText,
  actions,
  size = 'small',
  error,
  helperText,
  required,
  sx,
}: ActionSelectProps) {
  const { t } = useT();
  const groups = groupedActions(actions ?? (Object.values(eventActionsByArea).flat() as EventAction[]));
  const summary = (chosen: EventAction[]) => {
    if (chosen.length === 0) return emptyText;
    if (chosen.length === 1) return actionLabel(t, chosen[0]);
    const area = groups.find((g) => g.actions.length === chosen.length && chosen.every((c) => g.actions.includes(c)));
    if (area) return areaLabel(t, area.area);
    return countText ? countText(chosen.length) : t('auditTrail:filters.someActions', { count: chosen.length });
  };
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      error={error}
      helperText={helperText}
      required={required}
      onChange={(e) => {
        const picked = e.target.value as unknown as string[];
        const area = picked.find((p) => p.startsWith(AREA))?.slice(AREA.length);
        const own = groups.find((g) => g.area === area)?.actions;
        onChange(own ? toggleArea(value, own) : (picked as EventAction[]));
      }}
      slotProps={{
        select: { multiple: true, displayEmpty: true, renderValue: (chosen) => summary(chosen as EventAction[]) },
        inputLabel: { shrink: true },
      }}
      sx={sx}
    >
      {groups.flatMap(({ area, actions: own }) => {
        const count = own.filter((a) => value.includes(a)).length;
        return [
          <MenuItem key={`${AREA}${area}`} value={`${AREA}${area}`} sx={{ fontWeight: 600 }}>
            <Check state={count === own.length ? 'all' : count ? 'some' : 'none'} />
            <ListItemText primary={areaLabel(t, area)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
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
