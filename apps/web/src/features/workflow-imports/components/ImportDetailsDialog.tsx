/** One import's workflows: each with its state, the copy's id once completed, or why it failed. */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { useWorkflowImport } from '../api/workflow-imports';
import { importErrorMessage } from '../import-error';
import { ImportCounts, ImportStatus } from './RecentImports';

const itemColor = { scheduled: 'default', pending: 'warning', completed: 'success', failed: 'error' } as const;

export function ImportDetailsDialog({
  organizationId,
  importId,
  onClose,
}: {
  organizationId: string;
  importId: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const { data, error, isPending } = useWorkflowImport(organizationId, importId);
  return (
    <AppDialog open size="wide" title={t('workflowImports:items.title')} onClose={onClose}>
      {isPending && <Skeleton variant="rounded" height={80} />}
      {error && <Alert severity="error">{importErrorMessage(error, 'workflowImports:errors.loadImports')}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ImportStatus status={data.status} />
            <ImportCounts counts={data.counts} />
          </Stack>
          <Table size="small" aria-label={t('workflowImports:items.title')}>
            <TableHead>
              <TableRow>
                {(['workflow', 'status', 'result'] as const).map((k) => (
                  <TableCell key={k} component="th" scope="col">
                    {t(`workflowImports:items.${k}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.sourceWorkflowId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.title ?? t('workflowImports:items.goneSource')}</TableCell>
                  <TableCell>
                    <Chip size="small" color={itemColor[item.status]} label={t(`workflowImports:items.${item.status}`)} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {item.workflowId && (
                      <>
                        <code>{item.workflowId}</code>
                        <CopyButton value={item.workflowId} label={t('workflowImports:items.copyId')} />
                      </>
                    )}
                    {item.failedReason}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      )}
    </AppDialog>
  );
}
