/**
 * The log's calls, newest first: when (the console's date format, in the reader's time zone),
 * the method and route, the status, the duration, the key, and per call its details. Blocks
 * on a phone.
 */
import type { RequestLogEntry } from '@console/contracts/request-log';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { RequestStatus } from './RequestStatus';

export const callOf = (request: Pick<RequestLogEntry, 'method' | 'route'>) => `${request.method} ${request.route}`;

export function RequestsTable({ requests, onDetails }: { requests: RequestLogEntry[]; onDetails: (request: RequestLogEntry) => void }) {
  const { t, i18n } = useT();
  const duration = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Table size="small" aria-label={t('requestLog:list.label')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('requestLog:list.when')}</TableCell>
          <TableCell>{t('requestLog:list.call')}</TableCell>
          <TableCell>{t('requestLog:list.status')}</TableCell>
          <TableCell>{t('requestLog:list.duration')}</TableCell>
          <TableCell>{t('requestLog:list.key')}</TableCell>
          <TableCell>{t('requestLog:list.more')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {requests.map((request) => (
          <TableRow key={request.id} data-request-id={request.id} data-status={request.status}>
            <TableCell data-label={t('requestLog:list.when')} sx={{ whiteSpace: { sm: 'nowrap' } }}>
              <time dateTime={request.occurredAt}>{formatDateTime(request.occurredAt)}</time>
            </TableCell>
            <TableCell sx={{ fontWeight: { xs: 500, sm: 'inherit' }, minWidth: { sm: 220 } }}>
              <Box component="code" sx={{ fontSize: '0.8125rem', overflowWrap: 'anywhere' }}>
                {callOf(request)}
              </Box>
            </TableCell>
            <TableCell data-label={t('requestLog:list.status')}>
              <RequestStatus status={request.status} />
              {request.errorCode && (
                <Box component="code" sx={{ ml: 1, fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                  {request.errorCode}
                </Box>
              )}
            </TableCell>
            <TableCell data-label={t('requestLog:list.duration')} sx={{ whiteSpace: 'nowrap' }}>
              {t('requestLog:list.ms', { ms: duration.format(request.durationMs) })}
            </TableCell>
            <TableCell data-label={t('requestLog:list.key')} sx={{ overflowWrap: 'anywhere' }}>
              {request.accessKey.name || t('requestLog:unnamedKey')}
            </TableCell>
            <TableCell data-actions sx={{ whiteSpace: 'nowrap' }}>
              <Button
                size="small"
                onClick={() => onDetails(request)}
                aria-label={t('requestLog:list.detailsOf', { call: callOf(request) })}
              >
                {t('requestLog:list.details')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
