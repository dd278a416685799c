/**
 * The organization's recent workflow imports with their counts (remaining, completed,
 * scheduled, pending, failed), newest first; refreshed every 2 s while one is processing.
 */
import { DEFAULT_SOURCE_ENV, type WorkflowImportView } from '@console/contracts/workflow-imports';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { pagedItems } from '../../../lib/paged-query';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { useWorkflowImports } from '../api/workflow-imports';
import { ImportDetailsDialog } from './ImportDetailsDialog';

const statusColor = { processing: 'info', completed: 'success', error: 'error' } as const;

export function ImportStatus({ status }: { status: WorkflowImportView['status'] }) {
  const { t } = useT();
  return <Chip size="small" color={statusColor[status]} label={t(`workflowImports:status.${status}`)} />;
}

export function ImportCounts({ counts }: { counts: WorkflowImportView['counts'] }) {
  const { t } = useT();
  const parts = (['completed', 'failed', 'remaining', 'scheduled', 'pending'] as const).map((k) =>
    t(`workflowImports:recent.${k}`, { n: counts[k] }),
  );
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
      {parts.map((text, i) => (
        <li key={text}>
          <Chip size="small" variant="outlined" color={i === 1 && counts.failed > 0 ? 'error' : 'default'} label={text} />
        </li>
      ))}
    </Stack>
  );
}

export function RecentImports({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  const list = useWorkflowImports(organizationId);
  const [open, setOpen] = useState<string | null>(null);
  const { items: imports, total } = pagedItems(list.data, (p) => p.workflowImports);

  return (
    <Stack component="section" spacing={2} aria-labelledby="recent-workflow-imports" sx={{ mt: 5, minWidth: 0 }}>
      <Typography id="recent-workflow-imports" component="h2" variant="h6">
        {t('workflowImports:recent.title')}
      </Typography>
      {listPlaceholder(list, imports.length === 0, {
        failedKey: 'workflowImports:errors.loadImports',
        empty: t('workflowImports:recent.empty'),
      })}
      {imports.length > 0 && (
        // Seven columns do not fit a phone: there each import is a block, each value under its column's name.
        <Table size="small" aria-label={t('workflowImports:recent.listLabel')} sx={stackedOnPhone}>
          <TableHead>
            <TableRow>
              {(['created', 'from', 'to', 'author', 'status', 'counts'] as const).map((k) => (
                <TableCell key={k} component="th" scope="col">
                  {t(`workflowImports:recent.${k}`)}
                </TableCell>
              ))}
              <TableCell component="th" scope="col">
                {t('workflowImports:recent.details')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {imports.map((i) => (
              <TableRow key={i.id}>
                <TableCell data-label={t('workflowImports:recent.created')}>
                  {formatDateTime(i.createdAt)}
                  {i.createdBy && (
                    <Typography variant="body2" color="textSecondary">
                      {t('workflowImports:recent.by', { name: i.createdBy })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell data-label={t('workflowImports:recent.from')} sx={{ overflowWrap: 'break-word' }}>
                  {i.sourceEnv === DEFAULT_SOURCE_ENV ? '' : `${i.sourceEnv}: `}
                  {i.sourceOrganizationName ?? t('workflowImports:recent.unknownSource')} / {i.sourceWorkspaceName ?? '—'}
                </TableCell>
                <TableCell data-label={t('workflowImports:recent.to')} sx={{ overflowWrap: 'break-word' }}>
                  {i.targetWorkspaceName}
                </TableCell>
                <TableCell data-label={t('workflowImports:recent.author')} sx={{ overflowWrap: 'break-word' }}>
                  {i.targetAuthorName}
                </TableCell>
                <TableCell data-label={t('workflowImports:recent.status')}>
                  <ImportStatus status={i.status} />
                </TableCell>
                <TableCell data-label={t('workflowImports:recent.counts')}>
                  <ImportCounts counts={i.counts} />
                </TableCell>
                <TableCell data-actions>
                  <Button
                    size="small"
                    onClick={() => setOpen(i.id)}
                    aria-label={t('workflowImports:recent.detailsLabel', { date: formatDateTime(i.createdAt) })}
                  >
                    {t('workflowImports:recent.details')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {list.isSuccess && (
        <LoadMore
          shown={imports.length}
          total={total}
          list={list}
          text={t('workflowImports:recent.shown', { count: imports.length, total })}
        />
      )}
      {open && <ImportDetailsDialog organizationId={organizationId} importId={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
