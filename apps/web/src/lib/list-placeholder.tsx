/** What a list shows in place of its rows: lines while it loads, its failure in the user's language, or its empty text. */
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { errorMessage } from './error-message';

export function listPlaceholder(
  list: { isPending: boolean; isError: boolean; error: unknown },
  isEmpty: boolean,
  texts: { failedKey: string; empty: string },
): ReactNode | null {
  if (list.isPending) {
    return (
      <Stack spacing={1}>
        <Skeleton />
        <Skeleton />
        <Skeleton width="60%" />
      </Stack>
    );
  }
  if (list.isError) return <Typography color="error">{errorMessage(list.error, texts.failedKey)}</Typography>;
  if (isEmpty) return <Typography color="text.secondary">{texts.empty}</Typography>;
  return null;
}
