/** The reports of one type (or all), newest first, each with its download link. */
import type { AnalyticsLink, AnalyticsReportPrefix } from '@console/contracts/analytics';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { MouseEvent } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { isExpiring, useAnalyticsReports } from '../api/analytics-reports';
import { formatSize, reportTypeLabel } from './report-types';

export function ReportList({ prefix }: { prefix?: AnalyticsReportPrefix }) {
  const { t, i18n } = useT();
  const list = useAnalyticsReports(prefix);

  /** A link about to expire (the tab slept) is renewed first, then followed. */
  async function onDownload(event: MouseEvent, link: AnalyticsLink) {
    if (!isExpiring(link)) return;
    event.preventDefault();
    const fresh = await list.refetch();
    const renewed = fresh.data?.find((r) => r.id === link.id);
    if (renewed) window.location.assign(renewed.url);
    else notify.error(fresh.error ? errorMessage(fresh.error, 'analytics:list.failed') : t('analytics:list.empty'));
  }

  const placeholder = listPlaceholder(list, !list.data?.length, { failedKey: 'analytics:list.failed', empty: t('analytics:list.empty') });
  if (placeholder || !list.data) return placeholder;

  return (
    <Table size="small" aria-label={t('analytics:list.title')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('analytics:list.name')}</TableCell>
          <TableCell>{t('analytics:list.type')}</TableCell>
          <TableCell>{t('analytics:list.generated')}</TableCell>
          <TableCell align="right">{t('analytics:list.rows')}</TableCell>
          <TableCell align="right">{t('analytics:list.size')}</TableCell>
          <TableCell align="right">{t('analytics:list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {list.data.map((r) => (
          <TableRow key={r.id} data-report={r.name}>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160, fontWeight: 500 }}>{r.name}</TableCell>
            <TableCell data-label={t('analytics:list.type')}>{t(`analytics:${reportTypeLabel[r.prefix]}`)}</TableCell>
            <TableCell data-label={t('analytics:list.generated')} sx={{ whiteSpace: { sm: 'nowrap' } }}>
              {formatDateTime(r.generatedAt)}
            </TableCell>
            <TableCell data-label={t('analytics:list.rows')} align="right">
              {r.rowCount.toLocaleString(i18n.language)}
            </TableCell>
            <TableCell data-label={t('analytics:list.size')} align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatSize(r.sizeBytes, i18n.language)}
            </TableCell>
            <TableCell align="right" data-actions sx={{ whiteSpace: 'nowrap' }}>
              <Button
                component="a"
                href={r.url}
                download={r.name}
                size="small"
                startIcon={<DownloadIcon />}
                aria-label={t('analytics:list.downloadFile', { name: r.name })}
                onClick={(e: MouseEvent) => onDownload(e, r)}
              >
                {t('analytics:list.download')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
