/**
 * A list's filter of one value chosen from a few: a select whose first choice, "all", is no
 * filter (`undefined`). Long choices wrap inside a menu no wider than the screen.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

const ALL = '';

export function FilterSelect<V extends string>({
  label,
  all,
  value,
  options,
  onChange,
  width,
  code = false,
}: {
  label: string;
  /** The text of the choice that keeps every value. */
  all: string;
  value: V | undefined;
  options: readonly { value: V; text: string }[];
  onChange: (value: V | undefined) => void;
  /** Its width from `md` up (the whole row below). */
  width: number;
  /** The choices are names written in code (routes): shown in a monospaced font. */
  code?: boolean;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', md: width } }}
    >
      <MenuItem value={ALL}>{all}</MenuItem>
      {options.map((option) => (
        <MenuItem
          key={option.value}
          value={option.value}
          sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', ...(code && { fontFamily: 'monospace' }) }}
        >
          {option.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
