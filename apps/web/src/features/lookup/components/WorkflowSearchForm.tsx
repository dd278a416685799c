/**
 * The workflow searcher (docs/product.md, "Look-up"): a tab to search by ID and one by
 * name, each required, the text trimmed. A search goes to its result page, its terms in the
 * address: WorkflowSearchResultContainer?id= (one workflow), WorkflowSearchResult?name= (a list).
 */
import {
  WORKFLOW_SEARCH_MAX,
  type WorkflowSearchForm as WorkflowSearchFormValues,
  workflowIdForm,
  workflowNameForm,
} from '@console/contracts/lookup';
import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { paths } from '../../../lib/paths';
import { fieldError } from '../../../lib/validation';

export type SearchBy = 'id' | 'name';

/** A workflow opened from a result list remembers the list, for the way back. */
export interface ResultsState {
  back?: string;
}

/** Each tab: its form's schema, its labels and where a search goes. */
const searches = {
  id: {
    schema: workflowIdForm,
    label: 'lookup:workflows.id',
    formLabel: 'lookup:workflows.byIdForm',
    to: (text: string) => paths.workflowSearchResultContainer({ id: text }),
  },
  name: {
    schema: workflowNameForm,
    label: 'lookup:workflows.name',
    formLabel: 'lookup:workflows.byNameForm',
    to: (text: string) => paths.workflowSearchResult({ name: text }),
  },
} as const;

/** One search text with its button: `schema` checks and trims `{ text }`. */
function SearchText({
  schema,
  initial,
  label,
  formLabel,
  onSearch,
}: {
  schema: typeof workflowNameForm;
  initial: string;
  label: string;
  formLabel: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useT();
  const form = useForm<WorkflowSearchFormValues>({ defaultValues: { text: initial }, resolver: zodResolver(schema) });
  useEffect(() => form.reset({ text: initial }), [initial, form]);
  const message = form.formState.errors.text?.message;
  // Not a UUID is the id tab's own problem; the others are the common vocabulary's.
  const problem = message === 'uuid' ? t('lookup:workflows.badId') : (fieldError(t, message, { max: WORKFLOW_SEARCH_MAX }) ?? ' ');
  return (
    <Box component="form" role="search" noValidate onSubmit={form.handleSubmit((v) => onSearch(v.text))} aria-label={formLabel}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.register('text')}
          size="small"
          label={label}
          required
          autoComplete="off"
          error={!!message}
          helperText={problem}
          sx={{ width: { xs: '100%', sm: 420 } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ mt: { sm: 0.25 } }}>
          {t('lookup:workflows.search')}
        </Button>
      </Stack>
    </Box>
  );
}

export function WorkflowSearchForm({ by: initialBy, id = '', name = '' }: { by: SearchBy; id?: string; name?: string }) {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const [by, setBy] = useState<SearchBy>(initialBy);
  const tabsId = useId();
  useEffect(() => setBy(initialBy), [initialBy]);
  const panelId = `${tabsId}-panel`;
  const tabId = (b: SearchBy) => `${tabsId}-${b}`;

  return (
    <Box sx={{ mb: 3 }}>
      <Tabs value={by} onChange={(_, next: SearchBy) => setBy(next)} aria-label={t('lookup:workflows.searchBy')} sx={{ mb: 2 }}>
        <Tab value="id" id={tabId('id')} aria-controls={panelId} label={t('lookup:workflows.byId')} />
        <Tab value="name" id={tabId('name')} aria-controls={panelId} label={t('lookup:workflows.byName')} />
      </Tabs>
      <Box id={panelId} role="tabpanel" aria-labelledby={tabId(by)}>
        <SearchText
          key={by}
          schema={searches[by].schema}
          initial={by === 'id' ? id : name}
          label={t(searches[by].label)}
          formLabel={t(searches[by].formLabel)}
          onSearch={(text) => navigate(localize(searches[by].to(text)))}
        />
      </Box>
    </Box>
  );
}
