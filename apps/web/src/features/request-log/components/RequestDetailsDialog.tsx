/**
 * One call's details, read-only (a dialog Escape closes, the focus going back to its row's
 * button: decision 046): when (the console's date format and the instant as recorded), the
 * call, status and error code, duration, the key, the request id to quote to support, the
 * caller's address and User-Agent. Never more: the log keeps no header, query or body.
 */
import type { RequestLogEntry } from '@console/contracts/request-log';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { formatDateTime } from '../../../lib/format';
import { RequestStatus } from './RequestStatus';
import { callOf } from './RequestsTable';

function Details({ request }: { request: RequestLogEntry }) {
  const { t, i18n } = useT();
  const unknown = t('requestLog:details.unknown');
  const duration = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  return (
    <Stack component="dl" sx={{ m: 0 }}>
      <DetailRow label={t('requestLog:details.when')}>
        <time dateTime={request.occurredAt}>
          {formatDateTime(request.occurredAt)} ({request.occurredAt})
        </time>
      </DetailRow>
      <DetailRow label={t('requestLog:details.call')}>
        <code>{callOf(request)}</code>
      </DetailRow>
      <DetailRow label={t('requestLog:details.status')}>
        <RequestStatus status={request.status} />
      </DetailRow>
      <DetailRow label={t('requestLog:details.errorCode')}>
        {request.errorCode ? <code>{request.errorCode}</code> : t('requestLog:details.none')}
      </DetailRow>
      <DetailRow label={t('requestLog:details.duration')}>{t('requestLog:list.ms', { ms: duration.format(request.durationMs) })}</DetailRow>
      <DetailRow label={t('requestLog:details.key')}>
        <span>
          {request.accessKey.name || t('requestLog:unnamedKey')} (<code>{request.accessKey.id}</code>)
        </span>
      </DetailRow>
      <DetailRow label={t('requestLog:details.requestId')}>
        <code>{request.requestId}</code>
        <CopyButton value={request.requestId} label={t('requestLog:details.copyRequestId')} />
      </DetailRow>
      <DetailRow label={t('requestLog:details.ip')}>{request.ip || unknown}</DetailRow>
      <DetailRow label={t('requestLog:details.userAgent')}>{request.userAgent || unknown}</DetailRow>
      <DetailRow label={t('requestLog:details.id')}>
        <code>{request.id}</code>
      </DetailRow>
    </Stack>
  );
}

export function RequestDetailsDialog({ request, open, onClose }: { request: RequestLogEntry | null; open: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <AppDialog open={open} title={t('requestLog:details.title')} size="wide" onClose={onClose}>
      {request && <Details request={request} />}
    </AppDialog>
  );
}
