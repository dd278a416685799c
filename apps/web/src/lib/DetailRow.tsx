/**
 * One label and value of a definition list (`<Stack component="dl">`): details cards and dialogs.
 * `top`: a value of many lines (a JSON document, a list) has its label beside its first line, not its middle.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function DetailRow({
  label,
  children,
  labelWidth = 150,
  top = false,
}: {
  label: string;
  children: ReactNode;
  labelWidth?: number;
  top?: boolean;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0, sm: 2 }}
      sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', alignItems: { sm: top ? 'baseline' : 'center' }, minHeight: 44 }}
    >
      <Typography component="dt" color="textSecondary" sx={{ width: { sm: labelWidth }, flex: 'none' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {children}
      </Typography>
    </Stack>
  );
}
