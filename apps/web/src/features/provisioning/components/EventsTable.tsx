/** What provisioning did, newest first: when, what, to whom, and why a call was refused. */
import type { ScimEventView } from '@console/contracts/provisioning';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { stackedOnPhone } from '../../../lib/stacked-table';

// Outlined warning and info chips miss WCAG's contrast on white: only green and red carry a colour.
const kindColour = {
  created: 'success',
  updated: 'default',
  deactivated: 'default',
  reactivated: 'default',
  deleted: 'default',
  refused: 'error',
} as const;

export function EventsTable({ events }: { events: ScimEventView[] }) {
  const { t } = useT();
  return (
    <Table size="small" aria-label={t('provisioning:events.title')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('provisioning:events.when')}</TableCell>
          <TableCell>{t('provisioning:events.event')}</TableCell>
          <TableCell>{t('provisioning:events.resource')}</TableCell>
          <TableCell>{t('provisioning:events.result')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id} data-event-kind={e.kind}>
            <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDateTime(e.at)}</TableCell>
            <TableCell data-label={t('provisioning:events.event')}>
              <Chip size="small" variant="outlined" color={kindColour[e.kind]} label={t(`provisioning:events.kinds.${e.kind}`)} />
            </TableCell>
            <TableCell data-label={t('provisioning:events.resource')} sx={{ overflowWrap: 'anywhere', minWidth: { sm: 180 } }}>
              {e.resourceName ?? '—'}
              <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
                {t(`provisioning:events.types.${e.resourceType}`)}
              </Typography>
            </TableCell>
            <TableCell data-label={t('provisioning:events.result')}>
              <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                {e.method} {e.status}
              </Typography>
              {e.reason && (
                <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
                  {e.reason}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
