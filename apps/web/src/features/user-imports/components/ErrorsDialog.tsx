/**
 * The errors of an import (half the screen wide): grouped by e-mail or employee ID with
 * every row number and the error, filterable by e-mail in any case, and as a CSV download.
 */
import type { UserImportErrorView } from '@console/contracts/user-imports';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { LoadMore } from '../../../lib/LoadMore';
import { pagedItems } from '../../../lib/paged-query';
import { SearchField } from '../../../lib/SearchField';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { userImportErrorsCsvHref, useUserImportErrors } from '../api/user-import-errors';

function ErrorText({ error }: { error: UserImportErrorView }) {
  const { t } = useT();
  const text = t(`userImports:errorCodes.${error.code}`, { defaultValue: error.error });
  return (
    <>
      {text}
      {error.value !== null && (
        <Typography component="span" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }} color="textSecondary">
          {error.value.length > 200 ? `${error.value.slice(0, 200)}…` : error.value}
        </Typography>
      )}
    </>
  );
}

export function ErrorsDialog({ importId, filename, onClose }: { importId: string; filename: string; onClose: () => void }) {
  const { t, i18n } = useT();
  const [email, setEmail] = useState('');
  const filter = useDeferredValue(email.trim());
  const errors = useUserImportErrors(importId, filter);
  const { items: rows, total } = pagedItems(errors.data, (p) => p.errors);
  const head = [t('userImports:errors.who'), t('userImports:errors.rows'), t('userImports:errors.error')];
  return (
    <AppDialog open size="wide" title={t('userImports:errors.title', { name: filename })} onClose={onClose}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <SearchField label={t('userImports:errors.filter')} value={email} onText={setEmail} sx={{ flex: 1 }} />
          <Button component="a" href={userImportErrorsCsvHref(importId)} download startIcon={<DownloadIcon />}>
            {t('userImports:errors.download')}
          </Button>
        </Stack>
        {errors.isFetching && <LinearProgress aria-label={t('userImports:errors.loading')} />}
        <Typography role="status" variant="body2" color="textSecondary">
          {t('userImports:errors.count', { count: total, n: total.toLocaleString(i18n.language) })}
        </Typography>
        {/* On a phone each group is a block, each value under its column's name (lib/stacked-table.ts). */}
        <Table size="small" aria-label={t('userImports:errors.title', { name: filename })} sx={stackedOnPhone}>
          <TableHead>
            <TableRow>
              {head.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              // A group is one key (e-mail or employee ID), error and value.
              <TableRow key={`${e.code}|${e.email ?? e.employeeId ?? ''}|${e.value ?? ''}|${e.rows.join(',')}`}>
                <TableCell data-label={head[0]} sx={{ overflowWrap: 'anywhere' }}>
                  {e.email ?? e.employeeId ?? '—'}
                </TableCell>
                <TableCell data-label={head[1]}>{e.rows.join(', ') || '—'}</TableCell>
                <TableCell data-label={head[2]}>
                  <ErrorText error={e} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <LoadMore shown={rows.length} total={total} list={errors} />
      </Stack>
    </AppDialog>
  );
}
