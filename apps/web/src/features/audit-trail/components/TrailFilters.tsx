/**
 * The trail's filters: words in target names, actions by area, a range of days, the actor
 * and the target chosen from an event (removable chips, by name), and the export of what the
 * filters keep, as CSV or JSON lines.
 */
import { EVENTS_SEARCH_MAX, type EventAction } from '@console/contracts/events';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useT } from '../../../i18n/use-t';
import { DayRangeFields } from '../../../lib/DayRangeFields';
import { SearchField } from '../../../lib/SearchField';
import { type ExportFormat, exportHref, type TrailScope } from '../api/events';
import { isFiltered, type TrailFilter } from '../trail-filter';
import { ActionFilter } from './ActionFilter';

export interface TrailFiltersProps {
  scope: TrailScope;
  filter: TrailFilter;
  text: string;
  onText: (text: string) => void;
  onChange: (change: Partial<TrailFilter>) => void;
  onClear: () => void;
  /** The readable name of an actor's or a target's id, from the events loaded. */
  nameOf: (id: string) => string;
}

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useT();
  return (
    <Box component="li" sx={{ maxWidth: '100%' }}>
      <Chip
        label={label}
        onDelete={onRemove}
        onClick={onRemove}
        aria-label={t('auditTrail:filters.remove', { name: label })}
        sx={{ maxWidth: '100%' }}
      />
    </Box>
  );
}

export function TrailFilters({ scope, filter, text, onText, onChange, onClear, nameOf }: TrailFiltersProps) {
  const { t } = useT();
  const exported = (format: ExportFormat) => exportHref(scope, filter, format);
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Stack
        role="search"
        aria-label={t('auditTrail:filters.label')}
        direction={{ xs: 'column', md: 'row' }}
        sx={{ gap: 2, alignItems: { md: 'flex-start' }, flexWrap: { md: 'wrap' } }}
      >
        <SearchField
          label={t('auditTrail:filters.search')}
          helperText={t('auditTrail:filters.searchHelp')}
          value={text}
          onText={onText}
          maxLength={EVENTS_SEARCH_MAX}
          sx={{ width: { xs: '100%', md: 300 } }}
        />
        <ActionFilter value={filter.actions} onChange={(actions: EventAction[]) => onChange({ actions })} />
        <DayRangeFields
          from={filter.from}
          to={filter.to}
          labels={{ from: t('auditTrail:filters.from'), to: t('auditTrail:filters.to') }}
          onChange={onChange}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', minWidth: 0 }}>
          {(filter.actorId || filter.targetId) && (
            <Stack
              component="ul"
              aria-label={t('auditTrail:filters.chosen')}
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap', m: 0, p: 0, listStyle: 'none', minWidth: 0 }}
            >
              {filter.actorId && (
                <FilterChip
                  label={t('auditTrail:filters.actor', { name: nameOf(filter.actorId) })}
                  onRemove={() => onChange({ actorId: undefined })}
                />
              )}
              {filter.targetId && (
                <FilterChip
                  label={t('auditTrail:filters.target', { name: nameOf(filter.targetId) })}
                  onRemove={() => onChange({ targetId: undefined })}
                />
              )}
            </Stack>
          )}
          {isFiltered(filter) && (
            <Button size="small" onClick={onClear}>
              {t('auditTrail:filters.clear')}
            </Button>
          )}
        </Stack>
        <Stack direction="row" role="group" aria-label={t('auditTrail:export.label')} sx={{ gap: 1, flexWrap: 'wrap', flex: 'none' }}>
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} href={exported('csv')} download>
            {t('auditTrail:export.csv')}
          </Button>
          <Button variant="outlined" size="small" startIcon={<DownloadIcon />} href={exported('jsonl')} download>
            {t('auditTrail:export.jsonl')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
