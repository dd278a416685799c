/** The People screen's search box and its status and source filters; "All" is no filter. */
import { type PersonStatus, personStatuses, type UserSource, userSources } from '@console/contracts/people';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../../i18n/use-t';
import { SearchField } from '../../../lib/SearchField';

export interface PeopleFiltersProps {
  text: string;
  onText: (text: string) => void;
  status?: PersonStatus;
  onStatus: (status?: PersonStatus) => void;
  source?: UserSource;
  onSource: (source?: UserSource) => void;
}

export function PeopleFilters({ text, onText, status, onStatus, source, onSource }: PeopleFiltersProps) {
  const { t } = useT();
  return (
    <Stack
      role="search"
      aria-label={t('people:list.label')}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ mb: 3, alignItems: { md: 'flex-start' } }}
    >
      <SearchField
        label={t('people:list.search')}
        helperText={t('people:list.searchHelp')}
        value={text}
        onText={onText}
        sx={{ width: { md: 340 } }}
      />
      <TextField
        select
        size="small"
        label={t('people:list.status')}
        value={status ?? ''}
        onChange={(e) => onStatus((e.target.value || undefined) as PersonStatus | undefined)}
        sx={{ minWidth: { md: 180 } }}
      >
        <MenuItem value="">{t('people:list.all')}</MenuItem>
        {personStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`people:status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('people:list.source')}
        value={source ?? ''}
        onChange={(e) => onSource((e.target.value || undefined) as UserSource | undefined)}
        sx={{ minWidth: { md: 240 } }}
      >
        <MenuItem value="">{t('people:list.all')}</MenuItem>
        {userSources.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`people:source.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
