/**
 * The model of the new-import form (docs/product.md, "Workflow imports"): its values are
 * what was picked (the searchers show names), checked and sent as the body's ids. The
 * cascade is said once: a field's change clears what depends on it, and in turn what
 * depends on that, unless it still fits.
 */
import {
  DEFAULT_SOURCE_ENV,
  type ImportAuthorView,
  type ImportWorkspaceView,
  type SourceOrganizationView,
  WORKFLOW_IMPORT_MAX_WORKFLOWS,
  type WorkflowImportBody,
  type WorkflowImportForm,
  workflowImportBody,
} from '@console/contracts/workflow-imports';
import { useCallback } from 'react';
import { type FieldErrors, type Resolver, useFormContext } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';

export interface ImportFormValues {
  sourceEnv: string;
  sourceOrganization: SourceOrganizationView | null;
  sourceWorkspace: ImportWorkspaceView | null;
  workflows: string[];
  /** The screen's organization: fixed. */
  targetOrganizationId: string;
  targetWorkspace: ImportWorkspaceView | null;
  targetAuthor: ImportAuthorView | null;
}

export const emptyImportForm = (targetOrganizationId: string): ImportFormValues => ({
  sourceEnv: DEFAULT_SOURCE_ENV,
  sourceOrganization: null,
  sourceWorkspace: null,
  workflows: [],
  targetOrganizationId,
  targetWorkspace: null,
  targetAuthor: null,
});

type BodyField = keyof WorkflowImportForm;
type FormField = keyof ImportFormValues;

/** The form field of each field of the body (a check's path, a server refusal's `details[0].path`). */
export const formFieldOf: Record<BodyField, FormField> = {
  sourceEnv: 'sourceEnv',
  sourceOrganizationId: 'sourceOrganization',
  sourceWorkspaceId: 'sourceWorkspace',
  workflows: 'workflows',
  targetOrganizationId: 'targetOrganizationId',
  targetWorkspaceId: 'targetWorkspace',
  targetAuthorId: 'targetAuthor',
};

export const toImportBody = (v: ImportFormValues): WorkflowImportForm => ({
  sourceOrganizationId: v.sourceOrganization?.id ?? '',
  sourceWorkspaceId: v.sourceWorkspace?.id ?? '',
  workflows: v.workflows,
  targetOrganizationId: v.targetOrganizationId,
  targetWorkspaceId: v.targetWorkspace?.id ?? '',
  targetAuthorId: v.targetAuthor?.id ?? '',
  sourceEnv: v.sourceEnv,
});

/** Checks the body with the contract's schema (each missing field has its own message), each problem on its form field. */
export const importFormResolver: Resolver<ImportFormValues, unknown, WorkflowImportBody> = async (values) => {
  const parsed = workflowImportBody.safeParse(toImportBody(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ImportFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf[issue.path[0] as BodyField];
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** What a change of each field clears (then what depends on that, in turn). */
const dependents: Partial<Record<FormField, FormField[]>> = {
  sourceEnv: ['sourceOrganization'],
  sourceOrganization: ['sourceWorkspace'],
  sourceWorkspace: ['workflows', 'targetWorkspace'],
};

/** A dependent kept because it still fits: a target workspace other than the new source, of its privacy. */
const stillFits: Partial<Record<FormField, (v: ImportFormValues) => boolean>> = {
  targetWorkspace: (v) =>
    !!v.sourceWorkspace &&
    !!v.targetWorkspace &&
    v.targetWorkspace.private === v.sourceWorkspace.private &&
    v.targetWorkspace.id !== v.sourceWorkspace.id,
};

const cleared: Partial<ImportFormValues> = {
  sourceOrganization: null,
  sourceWorkspace: null,
  workflows: [],
  targetWorkspace: null,
  targetAuthor: null,
};

/**
 * Changes a field and clears its dependents. Once the form was submitted, every field it
 * touches is checked again (its message goes as soon as it is chosen).
 */
export function useCascade() {
  const { setValue, getValues, formState } = useFormContext<ImportFormValues>();
  const { isSubmitted } = formState;
  return useCallback(
    <K extends FormField>(name: K, value: ImportFormValues[K]) => {
      const options = { shouldValidate: isSubmitted, shouldDirty: true };
      // One setter for fields of every type: each is set to a value of its own type.
      const set = setValue as (field: FormField, value: unknown, opts: typeof options) => void;
      set(name, value, options);
      const queue: FormField[] = [...(dependents[name] ?? [])];
      for (let field = queue.shift(); field; field = queue.shift()) {
        if (stillFits[field]?.(getValues())) continue;
        set(field, cleared[field], options);
        queue.push(...(dependents[field] ?? []));
      }
    },
    [setValue, getValues, isSubmitted],
  );
}

/** The text of a field's problem: the form's own message keys, or the code of a server refusal. */
export function useFieldProblem() {
  const { t, i18n } = useT();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const own = `workflowImports:errors.${message}`;
    if (i18n.exists(own)) return t(own as 'workflowImports:errors.hasErrors', { max: WORKFLOW_IMPORT_MAX_WORKFLOWS });
    return t(`workflowImports:codes.${message}` as 'workflowImports:codes.WORKSPACE_NOT_FOUND');
  };
}

export const describeWorkspace = (w: ImportWorkspaceView, t: (key: 'workflowImports:private' | 'workflowImports:public') => string) =>
  [w.workspaceGroupName, t(w.private ? 'workflowImports:private' : 'workflowImports:public')].filter(Boolean).join(' · ');
