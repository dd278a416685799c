/**
 * The organization's request log (docs/product.md, "Request log"): its filters, kept in the
 * address (request-log-filter.ts) so that a filtered log can be shared and reloaded; its
 * calls, newest first, 50 at a time with "load more"; a call's details in a dialog.
 */
import type { RequestLogEntry } from '@console/contracts/request-log';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { keysetItems } from '../../../lib/keyset-query';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { useLogKeys, useRequestLog } from '../api/request-log';
import { isFiltered, type RequestLogFilter, readRequestLogFilter, writeRequestLogFilter } from '../request-log-filter';
import { RequestDetailsDialog } from './RequestDetailsDialog';
import { RequestLogFilters } from './RequestLogFilters';
import { RequestsTable } from './RequestsTable';

/** The organization's keys, and those of the calls shown that it no longer has (a deleted key's calls stay). */
function keyChoices(keys: { id: string; name: string }[] | undefined, requests: RequestLogEntry[], chosen?: string) {
  const choices = new Map((keys ?? []).map((key) => [key.id, key]));
  for (const request of requests) if (!choices.has(request.accessKey.id)) choices.set(request.accessKey.id, request.accessKey);
  if (chosen && !choices.has(chosen)) choices.set(chosen, { id: chosen, name: `${chosen.slice(0, 8)}…` });
  return [...choices.values()];
}

export function RequestLog() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const filter = readRequestLogFilter(params);
  const [details, setDetails] = useState<{ request: RequestLogEntry | null; open: boolean }>({ request: null, open: false });

  const change = (next: Partial<RequestLogFilter>) =>
    setParams((prev) => writeRequestLogFilter(prev, { ...readRequestLogFilter(prev), ...next }), { replace: true });

  const list = useRequestLog(filter);
  const keys = useLogKeys();
  const requests = keysetItems(list.data, (page) => page.requests);

  return (
    <>
      <RequestLogFilters
        filter={filter}
        keys={keyChoices(keys.data, requests, filter.accessKeyId)}
        onChange={change}
        onClear={() => setParams((prev) => writeRequestLogFilter(prev, {}), { replace: true })}
      />

      {listPlaceholder(list, requests.length === 0, {
        failedKey: 'requestLog:errors.load',
        empty: isFiltered(filter) ? t('requestLog:list.noMatch') : t('requestLog:list.empty'),
      }) ?? (
        <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <RequestsTable requests={requests} onDetails={(request) => setDetails({ request, open: true })} />
        </div>
      )}

      <LoadMore list={list} shown={requests.length} total={requests.length} text={t('requestLog:list.shown', { count: requests.length })} />

      <RequestDetailsDialog request={details.request} open={details.open} onClose={() => setDetails((d) => ({ ...d, open: false }))} />
    </>
  );
}
