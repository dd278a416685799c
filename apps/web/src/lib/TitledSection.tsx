/** A section of a page in an outlined paper: its heading, which names it, and a line that says what it holds. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function TitledSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    // minWidth 0: in a grid or flex column the section may shrink below its table's width (which then scrolls).
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      {children}
    </Paper>
  );
}
