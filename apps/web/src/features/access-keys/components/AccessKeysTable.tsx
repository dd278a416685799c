/**
 * The organization's access keys as a table (a list of blocks on a phone, lib/stacked-table).
 * Each key is its own row group (AccessKeyRow): its row, and under it the form or the
 * confirmation the row opened, so that they read as one.
 */

import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { stackedOnPhone, type ThemedSx } from '../../../lib/stacked-table';

/** How many columns a row has: a key's open form or confirmation spans them all. */
export const COLUMNS = 4;

/** One body per key: the border separates keys, not a key's row from its open form. */
const keyGroups: ThemedSx = (theme) => ({
  '& tbody:not([data-mode="idle"]) > tr:first-of-type > td': { borderBottom: 0 },
  // The frame around the table closes it.
  '& tbody:last-of-type > tr:last-of-type > td': { borderBottom: 0 },
  [theme.breakpoints.down('sm')]: {
    '& tbody tr, & tbody tr:last-of-type': { borderBottom: 0 },
    '& tbody': { borderBottom: 1, borderColor: 'divider' },
    '& tbody:last-of-type': { borderBottom: 0 },
  },
});

export function AccessKeysTable({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <Table size="small" aria-label={t('accessKeys:listLabel')} sx={[stackedOnPhone, keyGroups]}>
      <TableHead>
        <TableRow>
          <TableCell>{t('accessKeys:columns.name')}</TableCell>
          <TableCell>{t('accessKeys:row.key')}</TableCell>
          <TableCell>{t('accessKeys:columns.activity')}</TableCell>
          <TableCell align="right">{t('accessKeys:columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      {children}
    </Table>
  );
}
