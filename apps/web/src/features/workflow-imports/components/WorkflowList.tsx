/**
 * The workflows of the source workspace (docs/product.md, "Workflow imports"): a
 * multi-select list, 100 a page with "load more", with "select all" (every workflow that
 * matches the filter, not only those shown), each with its processing stage label, its
 * steps and whether it has a source video.
 */
import { WORKFLOW_IMPORT_MAX_WORKFLOWS } from '@console/contracts/workflow-imports';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { pagedItems } from '../../../lib/paged-query';
import { SearchField } from '../../../lib/SearchField';
import { useDebounced } from '../../../lib/use-debounced';
import { allWorkflowIds, useWorkflows, type WorkflowsSource } from '../api/workflows';

export interface WorkflowListProps {
  source: WorkflowsSource;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

export function WorkflowList({ source, value, onChange, error }: WorkflowListProps) {
  const { t } = useT();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const list = useWorkflows(source, q);
  const [selectingAll, setSelectingAll] = useState(false);
  const { items: workflows, total } = pagedItems(list.data, (p) => p.workflows);
  const selected = new Set(value);
  const shownSelected = workflows.filter((w) => selected.has(w.id)).length;
  const allShownSelected = workflows.length > 0 && shownSelected === workflows.length;
  const allSelected = allShownSelected && workflows.length === total;

  async function toggleAll() {
    setSelectingAll(true);
    try {
      const ids = workflows.length < total ? (await allWorkflowIds(source, q)).ids : workflows.map((w) => w.id);
      const everyOne = ids.every((id) => selected.has(id));
      if (everyOne) onChange(value.filter((id) => !ids.includes(id)));
      else {
        const next = [...new Set([...value, ...ids])];
        if (next.length > WORKFLOW_IMPORT_MAX_WORKFLOWS)
          notify.info(t('workflowImports:workflows.tooMany', { max: WORKFLOW_IMPORT_MAX_WORKFLOWS }));
        onChange(next.slice(0, WORKFLOW_IMPORT_MAX_WORKFLOWS));
      }
    } catch (err) {
      notify.error(errorMessage(err, 'workflowImports:errors.loadWorkflows'));
    } finally {
      setSelectingAll(false);
    }
  }

  const toggle = (id: string) => onChange(selected.has(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {t('workflowImports:workflows.label')} *
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <SearchField label={t('workflowImports:workflows.filter')} value={text} onText={setText} sx={{ width: { sm: 300 } }} />
        <FormControlLabel
          control={
            <Checkbox
              checked={allSelected}
              indeterminate={!allSelected && shownSelected > 0}
              disabled={total === 0 || selectingAll}
              onChange={() => void toggleAll()}
              slotProps={{ input: { 'aria-label': t('workflowImports:workflows.selectAllLabel', { total }) } }}
            />
          }
          label={t('workflowImports:workflows.selectAll')}
          sx={{ flex: 'none', whiteSpace: 'nowrap' }}
        />
        <Typography variant="body2" color="textSecondary" role="status">
          {t('workflowImports:workflows.selected', { count: value.length })}
        </Typography>
      </Stack>

      {listPlaceholder(list, workflows.length === 0, {
        failedKey: 'workflowImports:errors.loadWorkflows',
        empty: t(q ? 'workflowImports:workflows.noMatch' : 'workflowImports:workflows.empty'),
      })}
      <Box
        component="ul"
        aria-label={t('workflowImports:workflows.label')}
        aria-busy={list.isFetching}
        sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 360, overflowY: 'auto', opacity: list.isPlaceholderData ? 0.6 : 1 }}
      >
        {workflows.map((w) => (
          <Box component="li" key={w.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
            <FormControlLabel
              control={<Checkbox checked={selected.has(w.id)} onChange={() => toggle(w.id)} />}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{w.title}</span>
                  <Chip size="small" variant="outlined" label={t(`workflowImports:stages.${w.stage}`)} />
                  <Typography component="span" variant="body2" color="textSecondary">
                    {t('workflowImports:workflows.steps', { count: w.stepsCount })}
                    {w.hasSourceVideo ? '' : ` · ${t('workflowImports:workflows.noVideo')}`}
                  </Typography>
                </Stack>
              }
            />
          </Box>
        ))}
      </Box>
      {list.isSuccess && <LoadMore shown={workflows.length} total={total} list={list} />}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
