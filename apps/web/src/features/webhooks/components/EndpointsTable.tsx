/**
 * The organization's endpoints as a table (a list of blocks on a phone, lib/stacked-table):
 * the address, a link to the endpoint's page with its delivery log, its description, the
 * event types it receives and its state.
 */
import type { WebhookView } from '@console/contracts/webhooks';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { endpointState } from '../endpoint-view';
import { EndpointStateChip } from './EndpointStateChip';
import { EventTypesSummary } from './EventTypesSummary';

export function EndpointsTable({ endpoints }: { endpoints: WebhookView[] }) {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <Table size="small" aria-label={t('webhooks:listLabel')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('webhooks:columns.endpoint')}</TableCell>
          <TableCell>{t('webhooks:columns.events')}</TableCell>
          <TableCell>{t('webhooks:columns.state')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {endpoints.map((e) => (
          <TableRow key={e.id} data-list-item>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
              <Link
                component={RouterLink}
                to={localize(paths.webhook(e.id))}
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontFamily: 'monospace', fontWeight: 500 }}
              >
                {e.url}
              </Link>
              {e.description && (
                <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'pre-line', color: 'text.secondary' }}>
                  {e.description}
                </Typography>
              )}
            </TableCell>
            <TableCell data-label={t('webhooks:columns.events')}>
              <EventTypesSummary endpoint={e} />
            </TableCell>
            <TableCell data-label={t('webhooks:columns.state')}>
              <Box sx={{ py: 0.5 }}>
                <EndpointStateChip state={endpointState(e)} />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
