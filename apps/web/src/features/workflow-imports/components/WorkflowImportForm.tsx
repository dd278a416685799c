/**
 * The new-workflows-import form (docs/product.md, "Workflow imports"): where from (source
 * picker), which workflows, and where to (target picker). Each missing field has its own
 * message; scheduling asks for confirmation, then shows the green "scheduled" notice and
 * clears only the workflows, ready for the next import from the same place.
 */
import type { WorkflowImportBody } from '@console/contracts/workflow-imports';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { notify } from '../../../lib/notify';
import { useScheduleWorkflowImport } from '../api/workflow-imports';
import { importErrorMessage, refusedField } from '../import-error';
import { emptyImportForm, formFieldOf, type ImportFormValues, importFormResolver } from './import-form';
import { SourcePicker } from './SourcePicker';
import { TargetPicker } from './TargetPicker';
import { WorkflowsPicker } from './WorkflowsPicker';

export function WorkflowImportForm({ organization }: { organization: { id: string; name: string } }) {
  const { t } = useT();
  const confirm = useConfirm();
  const schedule = useScheduleWorkflowImport();
  const form = useForm<ImportFormValues, unknown, WorkflowImportBody>({
    defaultValues: emptyImportForm(organization.id),
    resolver: importFormResolver,
  });

  const submit = form.handleSubmit(
    async (body) => {
      const { targetWorkspace, targetAuthor } = form.getValues();
      const yes = await confirm({
        title: t('workflowImports:confirm.title', { count: body.workflows.length }),
        text: t('workflowImports:confirm.text', {
          workspace: targetWorkspace?.name,
          organization: organization.name,
          author: targetAuthor?.displayName,
        }),
        confirmLabel: t('workflowImports:confirm.ok'),
      });
      if (!yes) return;
      try {
        const { workflowImport } = await schedule.mutateAsync(body);
        notify.success(t('workflowImports:scheduled', { count: workflowImport.counts.total }));
        // Ready for the next import from the same place: only the workflows are cleared, with no message yet.
        form.reset({ ...form.getValues(), workflows: [] });
      } catch (err) {
        const field = refusedField(err, Object.keys(formFieldOf) as (keyof typeof formFieldOf)[]);
        const code = (err as { code?: string }).code;
        if (field && code) form.setError(formFieldOf[field], { message: code });
        notify.error(importErrorMessage(err, 'workflowImports:errors.schedule'));
      }
    },
    () => notify.formErrors(t('workflowImports:errors.hasErrors')),
  );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('workflowImports:title')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Stack spacing={2} sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="workflow-import-from">
            <Typography id="workflow-import-from" component="h2" variant="h6">
              {t('workflowImports:from')}
            </Typography>
            <SourcePicker />
            <WorkflowsPicker />
          </Stack>
          <Stack spacing={2} sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="workflow-import-to">
            <Typography id="workflow-import-to" component="h2" variant="h6">
              {t('workflowImports:to')}
            </Typography>
            <TargetPicker organization={organization} />
            <Box>
              <Button type="submit" variant="contained" loading={schedule.isPending}>
                {t('workflowImports:submit')}
              </Button>
            </Box>
          </Stack>
        </Stack>
      </Box>
    </FormProvider>
  );
}
