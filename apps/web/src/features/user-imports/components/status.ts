import { isRetryable, USER_IMPORT_STATUSES } from '@console/contracts/user-import-statuses';
import type { UserImportStatus } from '@console/contracts/user-imports';

/** Anything the screen does not know is shown as processing (docs/product.md, "User imports"). */
export function statusOf(value: string): UserImportStatus {
  return (USER_IMPORT_STATUSES as readonly string[]).includes(value) ? (value as UserImportStatus) : 'processing';
}

export const statusColor: Record<UserImportStatus, 'info' | 'error' | 'success' | 'warning' | 'default'> = {
  processing: 'info',
  // Orange, as docs/product.md has it; StatusChip darkens it (MUI's orange with white text
  // fails the contrast axe asks for).
  awaiting_confirmation: 'warning',
  error: 'error',
  validation_error: 'error',
  completed: 'success',
  stopped: 'default',
};

export const hasErrorDetails = (status: UserImportStatus) => status === 'error' || status === 'validation_error';
/** Retry only where it can succeed (decision 022): not after errors of the file, which needs a new upload. */
export const canRetry = isRetryable;
