/**
 * The search box of a list: a small search input that the browser does not autocomplete, whose
 * text is handed on as typed (the list debounces it, use-search-text.ts).
 */

import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

export function SearchField({
  label,
  helperText,
  value,
  onText,
  maxLength,
  sx,
}: {
  label: string;
  helperText?: string;
  value: string;
  onText: (text: string) => void;
  maxLength?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      helperText={helperText}
      value={value}
      onChange={(e) => onText(e.target.value)}
      autoComplete="off"
      slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
      sx={sx}
    />
  );
}
