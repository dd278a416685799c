/** The workflows to copy: the source workspace's list once it is chosen, a disabled field before. */
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { type ImportFormValues, useCascade, useFieldProblem } from './import-form';
import { WorkflowList } from './WorkflowList';

export function WorkflowsPicker() {
  const { t } = useT();
  const change = useCascade();
  const problem = useFieldProblem();
  const [sourceEnv, organization, workspace] = useWatch<ImportFormValues, ['sourceEnv', 'sourceOrganization', 'sourceWorkspace']>({
    name: ['sourceEnv', 'sourceOrganization', 'sourceWorkspace'],
  });
  const { field, fieldState } = useController<ImportFormValues, 'workflows'>({ name: 'workflows' });
  const error = problem(fieldState.error?.message);

  if (!workspace || !organization) {
    return (
      <TextField
        label={t('workflowImports:workflows.label')}
        required
        disabled
        value=""
        error={!!error}
        helperText={error ?? t('workflowImports:chooseSourceWorkspaceFirst')}
      />
    );
  }
  return (
    <WorkflowList
      key={workspace.id}
      source={{ organizationId: organization.id, workspaceId: workspace.id, sourceEnv }}
      value={field.value}
      onChange={(ids) => change('workflows', ids)}
      error={error}
    />
  );
}
