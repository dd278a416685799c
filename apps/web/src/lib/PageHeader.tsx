/**
 * The top of every screen: its h1 (also the document title), an optional intro line and
 * actions on the right of both; on a phone the actions come after the intro, never between.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

export function PageHeader({
  title,
  intro,
  actions,
  documentTitle = title,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  /** When the tab should read otherwise than the heading. */
  documentTitle?: string;
}) {
  usePageTitle(documentTitle);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ mb: 3, gap: 2, justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
    >
      <Box sx={{ minWidth: 0 }}>
        {/* Smaller on a phone: one long word ("Aprovisionamiento") fits 390 px instead of breaking a letter off. */}
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontWeight: 600, fontSize: { xs: '1.75rem', sm: undefined }, overflowWrap: 'break-word', mb: intro ? 0.5 : 0 }}
        >
          {title}
        </Typography>
        {intro && <Typography color="textSecondary">{intro}</Typography>}
      </Box>
      {actions && (
        <Stack direction="row" sx={{ flex: 'none', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
