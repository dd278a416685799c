/** An error of an import file as a whole: the import stops at it, with the row it was found on. */
import type { UserImportErrorCode } from '@console/contracts';

export interface FileError {
  code: UserImportErrorCode;
  value?: string;
  row?: number;
}

export class FileFormatError extends Error {
  constructor(readonly errors: FileError[]) {
    super(errors.map((e) => e.code).join(', '));
  }
}
