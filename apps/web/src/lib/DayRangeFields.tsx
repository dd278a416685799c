/**
 * A list's range of days, `from` and `to` (days of the reader's calendar, lib/days.ts), side by
 * side on every screen: each bounds the other's calendar. The audit trail's and the request
 * log's filters.
 */
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export function DayRangeFields({
  from,
  to,
  labels,
  onChange,
}: {
  from?: string;
  to?: string;
  labels: { from: string; to: string };
  onChange: (change: { from?: string } | { to?: string }) => void;
}) {
  return (
    <Stack direction="row" sx={{ gap: 2 }}>
      <TextField
        type="date"
        size="small"
        label={labels.from}
        value={from ?? ''}
        onChange={(e) => onChange({ from: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to } }}
        sx={{ flex: 1, minWidth: 0, width: { md: 170 } }}
      />
      <TextField
        type="date"
        size="small"
        label={labels.to}
        value={to ?? ''}
        onChange={(e) => onChange({ to: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from } }}
        sx={{ flex: 1, minWidth: 0, width: { md: 170 } }}
      />
    </Stack>
  );
}
