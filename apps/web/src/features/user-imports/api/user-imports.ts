/**
 * The imports of the signed-in admin's organization: one import polled while it runs, the
 * upload, retry and removal, and the template link (the list: user-imports-list.ts).
 */
import { userImportRoutes as routes, type UserImportOptions } from '@console/contracts/user-imports';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm, apiHref } from '../../../lib/api';
import { isLive, LIVE_POLL_MS, userImportKeys } from './user-imports-list';

export { isLive, LIVE_POLL_MS, userImportKeys, userImportsQuery, useUserImports } from './user-imports-list';

export const userImportQuery = (id: string) =>
  queryOptions({
    queryKey: userImportKeys.one(id),
    queryFn: ({ signal }) => api(routes.get, { params: { id } }, { signal }).then((r) => r.userImport),
  });

/** One import's details and progress, polled while it runs. */
export function useUserImport(id: string | undefined) {
  return useQuery({
    ...userImportQuery(id ?? ''),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && isLive(query.state.data) ? LIVE_POLL_MS : false),
  });
}

/** The options and separator choice the organization's last upload made: the form starts from them after a reload. */
export function useUserImportDefaults() {
  return useQuery({
    queryKey: userImportKeys.defaults(),
    queryFn: ({ signal }) => api(routes.defaults, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface CreateUserImport {
  file: File;
  /** One character, or `detect` (read from the file by the server). */
  columnSeparator: string;
  options: UserImportOptions;
  /** Apply without waiting at the summary (honoured by the server for large files only). */
  applyWithoutConfirmation?: boolean;
}

/**
 * The upload. Its body is multipart/form-data (the file streams to the server), which the
 * route table does not describe as a JSON body: the path, method and answer still come
 * from the table, through `http`, which sends FormData as it is.
 */
export function createUserImport({ file, columnSeparator, options, applyWithoutConfirmation }: CreateUserImport) {
  const form = new FormData();
  // The text fields first: the server has them before the file streams in.
  form.append('columnSeparator', columnSeparator);
  if (applyWithoutConfirmation !== undefined) form.append('applyWithoutConfirmation', String(applyWithoutConfirmation));
  for (const [key, value] of Object.entries(options)) form.append(key, String(value));
  form.append('file', file, file.name);
  return apiForm(routes.create, form).then((r) => r.userImport);
}

/** A change of an import; the lists and details are read again after it. */
function useUserImportChange<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: userImportKeys.all }) });
}

export const useCreateUserImport = () => useUserImportChange(createUserImport);

/** Removes an import (its users stay). */
export const useDeleteUserImport = () => useUserImportChange((id: string) => api(routes.remove, { params: { id } }));

/** Applies an import that waits at its summary. */
export const useConfirmUserImport = () =>
  useUserImportChange((id: string) => api(routes.confirm, { params: { id } }).then((r) => r.userImport));

/** Stops a running import between two batches; what it applied stays. */
export const useStopUserImport = () => useUserImportChange((id: string) => api(routes.stop, { params: { id } }).then((r) => r.userImport));

/** Runs again what failed. */
export const useRetryUserImport = () =>
  useUserImportChange((id: string) => api(routes.retry, { params: { id } }).then((r) => r.userImport));

/** The template in this separator: a plain link, the browser downloads it with the session cookie. */
export const userImportTemplateHref = (columnSeparator: string) => apiHref(routes.template, { query: { columnSeparator } });
