/**
 * /request-log (docs/product.md, "Request log"): the Organizational Admin's own organization's
 * calls of the external API over the last 30 days, newest first, filtered by key, status
 * class, route and days (all in the address), each with its details on demand. Read-only.
 */
import { REQUEST_LOG_RETENTION_DAYS } from '@console/contracts/request-log';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { RequestLog } from '../components/RequestLog';

export function Component() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('titles.requestLog')} intro={t('requestLog:intro', { days: REQUEST_LOG_RETENTION_DAYS })} />
      <RequestLog />
    </>
  );
}
