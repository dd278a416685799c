/** The top of every screen: its h1 (also the document title), an optional intro line and actions on the right. */
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
    <Stack spacing={0.5} sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
    </Stack>
  );
}
