/**
 * A table that becomes a list of blocks on a phone (below `sm`, 600 px): the header row
 * hides, each row is a block, each cell a line, and a cell with `data-label` shows its
 * column's name above its value. A table of five columns squeezed into 390 px wraps file
 * names a letter a line; stacked, every value has the row's full width. Wide screens keep
 * the table. Use as `<Table sx={stackedOnPhone}>`, and in each row the cells' `data-label`;
 * a table with more rules of its own lists them after it: `sx={[stackedOnPhone, more]}`.
 */
import type { SxProps, Theme } from '@mui/material/styles';

/** An sx that is a function of the theme: one that can be an item of an sx array. */
export type ThemedSx = Extract<SxProps<Theme>, (theme: Theme) => unknown>;

export const stackedOnPhone: ThemedSx = (theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block', width: 'auto' },
    '& tbody tr': { py: 1.5, borderBottom: 1, borderColor: 'divider' },
    '& tbody tr:last-of-type': { borderBottom: 0 },
    '& td': { border: 0, px: 0, py: 0.25, textAlign: 'left', maxWidth: 'none' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      ...theme.typography.caption,
      color: theme.palette.text.secondary,
    },
    // The actions are the row's last line, starting at its left edge.
    '& td[data-actions]': { pt: 0.5, ml: -1 },
  },
});
