/** One part of the Provisioning screen: a framed block with its h2, an optional intro and actions beside the heading. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export function ProvisioningSection({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, mb: 3, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} component="h2" variant="h6">
            {title}
          </Typography>
          {intro && (
            <Typography variant="body2" color="textSecondary">
              {intro}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ flex: 'none' }}>{actions}</Box>}
      </Stack>
      {children}
    </Paper>
  );
}
