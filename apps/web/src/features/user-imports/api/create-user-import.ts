/** POST user-imports: multipart file, columnSeparator and the import options; returns userImport. */
import type { UserImportOptions, UserImportView } from '@console/contracts/user-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { userImportsKey } from './list-user-imports';

export interface CreateUserImport {
  file: File;
  columnSeparator: string;
  options: UserImportOptions;
}

export function createUserImport({ file, columnSeparator, options }: CreateUserImport) {
  const form = new FormData();
  // The text fields first: the server has them before the file streams in.
  form.append('columnSeparator', columnSeparator);
  for (const [key, value] of Object.entries(options)) form.append(key, String(value));
  form.append('file', file, file.name);
  return http<{ userImport: UserImportView }>('user-imports', { method: 'POST', body: form }).then((r) => r.userImport);
}

export function useCreateUserImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUserImport,
    onSuccess: () => client.invalidateQueries({ queryKey: userImportsKey }),
  });
}
