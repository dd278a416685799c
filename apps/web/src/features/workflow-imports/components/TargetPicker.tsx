/**
 * Where the copies go: this organization (fixed), one of its workspaces of the source
 * workspace's privacy (private only for a private source, public for a public one, never
 * the source itself), and the author of the copies.
 */
import type { ImportAuthorView, ImportWorkspaceView } from '@console/contracts/workflow-imports';
import TextField from '@mui/material/TextField';
import { useController, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { useAuthors, useImportWorkspaces } from '../api/pickers';
import { describeWorkspace, type ImportFormValues, useCascade, useFieldProblem } from './import-form';
import { SearchField } from './SearchField';

interface TargetWorkspaceContext {
  organizationId: string;
  private?: boolean;
  except?: string;
}

function useTargetWorkspaceOptions(q: string, c: TargetWorkspaceContext) {
  const r = useImportWorkspaces({ organizationId: c.organizationId, source: false, q, private: c.private }, !!c.organizationId);
  return { data: r.data?.workspaces.filter((w) => w.id !== c.except), isFetching: r.isFetching, error: r.error };
}

function useAuthorOptions(q: string, c: { organizationId: string; workspaceId: string }) {
  const r = useAuthors(c.organizationId, c.workspaceId, q);
  return { data: r.data?.authors, isFetching: r.isFetching, error: r.error };
}

export function TargetPicker({ organization }: { organization: { id: string; name: string } }) {
  const { t } = useT();
  const change = useCascade();
  const problem = useFieldProblem();
  const source = useWatch<ImportFormValues, 'sourceWorkspace'>({ name: 'sourceWorkspace' });
  const workspace = useController<ImportFormValues, 'targetWorkspace'>({ name: 'targetWorkspace' });
  const author = useController<ImportFormValues, 'targetAuthor'>({ name: 'targetAuthor' });
  const workspaceId = workspace.field.value?.id ?? '';

  return (
    <>
      <TextField label={t('workflowImports:targetOrganization')} value={organization.name} slotProps={{ input: { readOnly: true } }} />
      <SearchField<ImportWorkspaceView, TargetWorkspaceContext>
        key={`${source?.private}`}
        label={t('workflowImports:targetWorkspace')}
        value={workspace.field.value}
        disabled={!source}
        onChange={(ws) => change('targetWorkspace', ws)}
        onBlur={workspace.field.onBlur}
        useOptions={useTargetWorkspaceOptions}
        context={{ organizationId: source ? organization.id : '', private: source?.private, except: source?.id }}
        getLabel={(w) => w.name}
        describe={(w) => describeWorkspace(w, t)}
        error={problem(workspace.fieldState.error?.message)}
        helperText={
          source
            ? t(source.private ? 'workflowImports:onlyPrivate' : 'workflowImports:onlyPublic')
            : t('workflowImports:chooseSourceWorkspaceFirst')
        }
        loadError={t('workflowImports:errors.loadWorkspaces')}
      />
      <SearchField<ImportAuthorView, { organizationId: string; workspaceId: string }>
        label={t('workflowImports:author')}
        value={author.field.value}
        disabled={!workspaceId}
        onChange={(a) => change('targetAuthor', a)}
        onBlur={author.field.onBlur}
        useOptions={useAuthorOptions}
        context={{ organizationId: organization.id, workspaceId }}
        getLabel={(a) => a.displayName}
        describe={(a) => a.email ?? ''}
        error={problem(author.fieldState.error?.message)}
        helperText={workspaceId ? undefined : t('workflowImports:chooseTargetWorkspaceFirst')}
        loadError={t('workflowImports:errors.loadAuthors')}
      />
    </>
  );
}
