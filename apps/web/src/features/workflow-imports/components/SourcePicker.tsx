/**
 * Where the workflows come from: the environment (only when more than this installation
 * is configured), the source organization (active ones) and one of its workspaces.
 */
import { DEFAULT_SOURCE_ENV, type ImportWorkspaceView, type SourceOrganizationView } from '@console/contracts/workflow-imports';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { useSourceEnvironments } from '../api/environments';
import { useImportWorkspaces, useSourceOrganizations } from '../api/pickers';
import { describeWorkspace, type ImportFormValues, useCascade, useFieldProblem } from './import-form';
import { SearchField } from './SearchField';

function useSourceOrganizationOptions(q: string, sourceEnv: string) {
  const r = useSourceOrganizations(q, sourceEnv);
  return { data: r.data?.organizations, isFetching: r.isFetching, error: r.error };
}

function useSourceWorkspaceOptions(q: string, c: { organizationId: string; sourceEnv: string }) {
  const r = useImportWorkspaces({ organizationId: c.organizationId, source: true, q, sourceEnv: c.sourceEnv }, !!c.organizationId);
  return { data: r.data?.workspaces, isFetching: r.isFetching, error: r.error };
}

export function SourcePicker() {
  const { t } = useT();
  const change = useCascade();
  const problem = useFieldProblem();
  const environments = useSourceEnvironments();
  const sourceEnv = useWatch<ImportFormValues, 'sourceEnv'>({ name: 'sourceEnv' }) ?? DEFAULT_SOURCE_ENV;
  const organization = useController<ImportFormValues, 'sourceOrganization'>({ name: 'sourceOrganization' });
  const workspace = useController<ImportFormValues, 'sourceWorkspace'>({ name: 'sourceWorkspace' });
  const organizationId = organization.field.value?.id ?? '';

  return (
    <>
      {(environments.data?.length ?? 0) > 1 && (
        <TextField select label={t('workflowImports:sourceEnv')} value={sourceEnv} onChange={(e) => change('sourceEnv', e.target.value)}>
          {environments.data?.map((env) => (
            <MenuItem key={env} value={env}>
              {env === DEFAULT_SOURCE_ENV ? t('workflowImports:thisInstallation') : env}
            </MenuItem>
          ))}
        </TextField>
      )}
      <SearchField<SourceOrganizationView, string>
        key={sourceEnv}
        label={t('workflowImports:sourceOrganization')}
        value={organization.field.value}
        onChange={(org) => change('sourceOrganization', org)}
        onBlur={organization.field.onBlur}
        useOptions={useSourceOrganizationOptions}
        context={sourceEnv}
        getLabel={(o) => o.name}
        error={problem(organization.fieldState.error?.message)}
        loadError={t('workflowImports:errors.loadOrganizations')}
      />
      <SearchField<ImportWorkspaceView, { organizationId: string; sourceEnv: string }>
        key={`${sourceEnv} ${organizationId}`}
        label={t('workflowImports:sourceWorkspace')}
        value={workspace.field.value}
        disabled={!organizationId}
        onChange={(ws) => change('sourceWorkspace', ws)}
        onBlur={workspace.field.onBlur}
        useOptions={useSourceWorkspaceOptions}
        context={{ organizationId, sourceEnv }}
        getLabel={(w) => w.name}
        describe={(w) => describeWorkspace(w, t)}
        error={problem(workspace.fieldState.error?.message)}
        loadError={t('workflowImports:errors.loadWorkspaces')}
      />
    </>
  );
}
