/**
 * The new-workflows-import form (spec sections 2, 4 and 5): the source organization,
 * workspace and workflows; the target workspace of this organization (private only for a
 * private source, public for a public one) and the author. Each missing field has its own
 * message; scheduling asks for confirmation, then shows the green "scheduled" notice.
 */
import {
  DEFAULT_SOURCE_ENV,
  type WorkflowImportForm as FormValues,
  type ImportAuthorView,
  type ImportWorkspaceView,
  type SourceOrganizationView,
  WORKFLOW_IMPORT_MAX_WORKFLOWS,
  type WorkflowImportBody,
  workflowImportBody,
} from '@console/contracts/workflow-imports';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { notify } from '../../../lib/notify';
import { useAuthors } from '../api/list-authors';
import { useSourceEnvironments } from '../api/list-environments';
import { useSourceOrganizations } from '../api/list-source-organizations';
import { useImportWorkspaces } from '../api/list-workspaces';
import { useScheduleWorkflowImport } from '../api/schedule-workflow-import';
import { importErrorMessage, refusedField } from '../import-error';
import { SearchField } from './SearchField';
import { WorkflowPicker } from './WorkflowPicker';

const FIELDS = ['sourceOrganizationId', 'sourceWorkspaceId', 'workflows', 'targetWorkspaceId', 'targetAuthorId'] as const;

interface Picked {
  sourceOrganization: SourceOrganizationView | null;
  sourceWorkspace: ImportWorkspaceView | null;
  targetWorkspace: ImportWorkspaceView | null;
  author: ImportAuthorView | null;
}
const nothingPicked: Picked = { sourceOrganization: null, sourceWorkspace: null, targetWorkspace: null, author: null };

function useSourceOrganizationOptions(q: string, sourceEnv: string) {
  const r = useSourceOrganizations(q, sourceEnv);
  return { data: r.data?.organizations, isFetching: r.isFetching, error: r.error };
}

interface WorkspaceContext {
  organizationId: string;
  source: boolean;
  private?: boolean;
  except?: string;
  sourceEnv?: string;
}

function useWorkspaceOptions(q: string, c: WorkspaceContext) {
  const r = useImportWorkspaces(
    { organizationId: c.organizationId, source: c.source, q, private: c.private, sourceEnv: c.sourceEnv },
    !!c.organizationId,
  );
  return { data: r.data?.workspaces.filter((w) => w.id !== c.except), isFetching: r.isFetching, error: r.error };
}

function useAuthorOptions(q: string, c: { organizationId: string; workspaceId: string }) {
  const r = useAuthors(c.organizationId, c.workspaceId, q);
  return { data: r.data?.authors, isFetching: r.isFetching, error: r.error };
}

const describeWorkspace = (w: ImportWorkspaceView, t: (key: 'workflowImports:private' | 'workflowImports:public') => string) =>
  [w.workspaceGroupName, t(w.private ? 'workflowImports:private' : 'workflowImports:public')].filter(Boolean).join(' · ');

export function WorkflowImportForm({ organization }: { organization: { id: string; name: string } }) {
  const { t, i18n } = useT();
  const confirm = useConfirm();
  const schedule = useScheduleWorkflowImport();
  const [picked, setPicked] = useState<Picked>(nothingPicked);
  const form = useForm<FormValues, unknown, WorkflowImportBody>({
    defaultValues: {
      sourceOrganizationId: '',
      sourceWorkspaceId: '',
      workflows: [],
      targetOrganizationId: organization.id,
      targetWorkspaceId: '',
      targetAuthorId: '',
      sourceEnv: 'default',
    },
    resolver: zodResolver(workflowImportBody),
  });
  const { errors, isSubmitted } = form.formState;
  const set = (field: (typeof FIELDS)[number], value: string | string[]) =>
    form.setValue(field, value as never, { shouldValidate: isSubmitted, shouldDirty: true });

  /** A field's message: the form's own keys, or the code of a server refusal. */
  const problem = (message: string | undefined) => {
    if (!message) return undefined;
    const own = `workflowImports:errors.${message}`;
    if (i18n.exists(own)) return t(own as 'workflowImports:errors.hasErrors', { max: WORKFLOW_IMPORT_MAX_WORKFLOWS });
    return t(`workflowImports:codes.${message}` as 'workflowImports:codes.WORKSPACE_NOT_FOUND');
  };

  const environments = useSourceEnvironments();
  const sourceEnv = form.watch('sourceEnv') ?? DEFAULT_SOURCE_ENV;
  const sourceOrgId = picked.sourceOrganization?.id ?? '';
  const sourceWs = picked.sourceWorkspace;
  const targetWsId = picked.targetWorkspace?.id ?? '';

  const submit = form.handleSubmit(
    async (values) => {
      const count = values.workflows.length;
      const yes = await confirm({
        title: t('workflowImports:confirm.title', { count }),
        text: t('workflowImports:confirm.text', {
          workspace: picked.targetWorkspace?.name,
          organization: organization.name,
          author: picked.author?.displayName,
        }),
        confirmLabel: t('workflowImports:confirm.ok'),
      });
      if (!yes) return;
      try {
        const { workflowImport } = await schedule.mutateAsync(values);
        notify.success(t('workflowImports:scheduled', { count: workflowImport.counts.total }));
        // Ready for the next import from the same place: only the workflows are cleared, with no message yet.
        form.reset({ ...form.getValues(), workflows: [] });
      } catch (err) {
        const field = refusedField(err, FIELDS);
        const code = (err as { code?: string }).code;
        if (field && code) form.setError(field, { message: code });
        notify.error(importErrorMessage(err, 'workflowImports:errors.schedule'));
      }
    },
    () => notify.error(t('workflowImports:errors.hasErrors')),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('workflowImports:title')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="workflow-import-from">
          <Typography id="workflow-import-from" component="h2" variant="h6">
            {t('workflowImports:from')}
          </Typography>
          {(environments.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={t('workflowImports:sourceEnv')}
              value={sourceEnv}
              onChange={(e) => {
                form.setValue('sourceEnv', e.target.value);
                setPicked((p) => ({ ...p, sourceOrganization: null, sourceWorkspace: null, targetWorkspace: null }));
                for (const field of ['sourceOrganizationId', 'sourceWorkspaceId', 'targetWorkspaceId'] as const) set(field, '');
                set('workflows', []);
              }}
            >
              {environments.data?.map((env) => (
                <MenuItem key={env} value={env}>
                  {env === DEFAULT_SOURCE_ENV ? t('workflowImports:thisInstallation') : env}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Controller
            control={form.control}
            name="sourceOrganizationId"
            render={({ field }) => (
              <SearchField<SourceOrganizationView, string>
                key={sourceEnv}
                label={t('workflowImports:sourceOrganization')}
                value={picked.sourceOrganization}
                onChange={(org) => {
                  setPicked((p) => ({ ...p, sourceOrganization: org, sourceWorkspace: null, targetWorkspace: null }));
                  set('sourceOrganizationId', org?.id ?? '');
                  set('sourceWorkspaceId', '');
                  set('workflows', []);
                  set('targetWorkspaceId', '');
                }}
                onBlur={field.onBlur}
                useOptions={useSourceOrganizationOptions}
                context={sourceEnv}
                getLabel={(o) => o.name}
                error={problem(errors.sourceOrganizationId?.message)}
                loadError={t('workflowImports:errors.loadOrganizations')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="sourceWorkspaceId"
            render={({ field }) => (
              <SearchField<ImportWorkspaceView, WorkspaceContext>
                key={`${sourceEnv} ${sourceOrgId}`}
                label={t('workflowImports:sourceWorkspace')}
                value={sourceWs}
                disabled={!sourceOrgId}
                onChange={(ws) => {
                  const keepTarget = ws && picked.targetWorkspace?.private === ws.private && picked.targetWorkspace.id !== ws.id;
                  setPicked((p) => ({ ...p, sourceWorkspace: ws, targetWorkspace: keepTarget ? p.targetWorkspace : null }));
                  set('sourceWorkspaceId', ws?.id ?? '');
                  set('workflows', []);
                  if (!keepTarget) set('targetWorkspaceId', '');
                }}
                onBlur={field.onBlur}
                useOptions={useWorkspaceOptions}
                context={{ organizationId: sourceOrgId, source: true, sourceEnv }}
                getLabel={(w) => w.name}
                describe={(w) => describeWorkspace(w, t)}
                error={problem(errors.sourceWorkspaceId?.message)}
                loadError={t('workflowImports:errors.loadWorkspaces')}
              />
            )}
          />
          {sourceWs ? (
            <Controller
              control={form.control}
              name="workflows"
              render={({ field }) => (
                <WorkflowPicker
                  key={sourceWs.id}
                  organizationId={sourceOrgId}
                  workspaceId={sourceWs.id}
                  sourceEnv={sourceEnv}
                  value={field.value}
                  onChange={(ids) => set('workflows', ids)}
                  error={problem(errors.workflows?.message ?? errors.workflows?.root?.message)}
                />
              )}
            />
          ) : (
            <TextField
              label={t('workflowImports:workflows.label')}
              required
              disabled
              value=""
              error={!!errors.workflows}
              helperText={problem(errors.workflows?.message) ?? t('workflowImports:chooseSourceWorkspaceFirst')}
            />
          )}
        </Stack>

        <Stack spacing={2} sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="workflow-import-to">
          <Typography id="workflow-import-to" component="h2" variant="h6">
            {t('workflowImports:to')}
          </Typography>
          <TextField label={t('workflowImports:targetOrganization')} value={organization.name} slotProps={{ input: { readOnly: true } }} />
          <Controller
            control={form.control}
            name="targetWorkspaceId"
            render={({ field }) => (
              <SearchField<ImportWorkspaceView, WorkspaceContext>
                key={`${sourceWs?.private}`}
                label={t('workflowImports:targetWorkspace')}
                value={picked.targetWorkspace}
                disabled={!sourceWs}
                onChange={(ws) => {
                  setPicked((p) => ({ ...p, targetWorkspace: ws }));
                  set('targetWorkspaceId', ws?.id ?? '');
                }}
                onBlur={field.onBlur}
                useOptions={useWorkspaceOptions}
                context={{
                  organizationId: sourceWs ? organization.id : '',
                  source: false,
                  private: sourceWs?.private,
                  except: sourceWs?.id,
                }}
                getLabel={(w) => w.name}
                describe={(w) => describeWorkspace(w, t)}
                error={problem(errors.targetWorkspaceId?.message)}
                helperText={
                  sourceWs
                    ? t(sourceWs.private ? 'workflowImports:onlyPrivate' : 'workflowImports:onlyPublic')
                    : t('workflowImports:chooseSourceWorkspaceFirst')
                }
                loadError={t('workflowImports:errors.loadWorkspaces')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="targetAuthorId"
            render={({ field }) => (
              <SearchField<ImportAuthorView, { organizationId: string; workspaceId: string }>
                label={t('workflowImports:author')}
                value={picked.author}
                disabled={!targetWsId}
                onChange={(author) => {
                  setPicked((p) => ({ ...p, author }));
                  set('targetAuthorId', author?.id ?? '');
                }}
                onBlur={field.onBlur}
                useOptions={useAuthorOptions}
                context={{ organizationId: organization.id, workspaceId: targetWsId }}
                getLabel={(a) => a.displayName}
                describe={(a) => a.email ?? ''}
                error={problem(errors.targetAuthorId?.message)}
                helperText={targetWsId ? undefined : t('workflowImports:chooseTargetWorkspaceFirst')}
                loadError={t('workflowImports:errors.loadAuthors')}
              />
            )}
          />
          <Box>
            <Button type="submit" variant="contained" loading={schedule.isPending}>
              {t('workflowImports:submit')}
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
}
