/**
 * The request log's filters: the access key (the organization's keys, and those of the calls
 * shown, a deleted key's included), the status class, the route and a range of days. Each
 * applies at once and goes into the address.
 */
import { requestStatusClasses } from '@console/contracts/request-log';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { DayRangeFields } from '../../../lib/DayRangeFields';
import { FilterSelect } from '../../../lib/FilterSelect';
import { isFiltered, loggedRoutes, type RequestLogFilter } from '../request-log-filter';

export interface RequestLogFiltersProps {
  filter: RequestLogFilter;
  keys: { id: string; name: string }[];
  onChange: (change: Partial<RequestLogFilter>) => void;
  onClear: () => void;
}

export function RequestLogFilters({ filter, keys, onChange, onClear }: RequestLogFiltersProps) {
  const { t } = useT();
  return (
    <Stack
      role="search"
      aria-label={t('requestLog:filters.label')}
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: 2, mb: 3, alignItems: { md: 'flex-start' }, flexWrap: { md: 'wrap' } }}
    >
      <FilterSelect
        label={t('requestLog:filters.key')}
        all={t('requestLog:filters.anyKey')}
        value={filter.accessKeyId}
        options={keys.map((key) => ({ value: key.id, text: key.name || t('requestLog:unnamedKey') }))}
        onChange={(accessKeyId) => onChange({ accessKeyId })}
        width={220}
      />
      <FilterSelect
        label={t('requestLog:filters.status')}
        all={t('requestLog:filters.anyStatus')}
        value={filter.status}
        options={requestStatusClasses.map((status) => ({ value: status, text: t(`requestLog:statusClasses.${status}`) }))}
        onChange={(status) => onChange({ status })}
        width={200}
      />
      <FilterSelect
        label={t('requestLog:filters.route')}
        all={t('requestLog:filters.anyRoute')}
        value={filter.route}
        options={loggedRoutes.map((route) => ({ value: route, text: route }))}
        onChange={(route) => onChange({ route })}
        width={300}
        code
      />
      <DayRangeFields
        from={filter.from}
        to={filter.to}
        labels={{ from: t('requestLog:filters.from'), to: t('requestLog:filters.to') }}
        onChange={onChange}
      />
      {isFiltered(filter) && (
        <Button size="small" onClick={onClear} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {t('requestLog:filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
