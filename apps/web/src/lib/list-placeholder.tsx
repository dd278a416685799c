/**
 * What a list shows in place of its rows: lines while it loads (only once it has taken
 * LOADING_DELAY_MS, so a fast answer never flashes), its failure in the user's language with
 * a Retry button (a failed request never looks like an empty list), or its empty state.
 * A list refused because the session ended shows nothing: the session-ended alert in front
 * of it says why, and its answer leaves the page (a second, different reason behind it misleads).
 * The pieces are exported for screens whose frame differs (the dashboard's cards).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { errorMessage } from './error-message';
import { isHttpError, sessionEndOf } from './http';

/** The spec's minimum fetch delay: a loading indicator appears only after this. */
export const LOADING_DELAY_MS = 200;

/** What listPlaceholder needs of a query (react-query's answer fits). */
export interface PlaceholderList {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** When given, the failure offers Retry, which calls it. */
  refetch?: () => unknown;
  /** While a retry runs, its button shows it. */
  isFetching?: boolean;
}

export function listPlaceholder(
  list: PlaceholderList,
  isEmpty: boolean,
  texts: { failedKey: string; empty: string },
  options: { dense?: boolean } = {},
): ReactNode | null {
  if (list.isPending) return <DelayedSkeleton lines={options.dense ? 1 : 3} />;
  if (list.isError) return <ListFailure error={list.error} failedKey={texts.failedKey} onRetry={list.refetch} retrying={list.isFetching} />;
  if (isEmpty) return <EmptyState text={texts.empty} dense={options.dense} />;
  return null;
}

/** Nothing for LOADING_DELAY_MS, then skeleton lines (announced as loading). */
export function DelayedSkeleton({ lines = 3, height }: { lines?: number; height?: number }) {
  const { t } = useT();
  const shown = useDelayed(LOADING_DELAY_MS);
  if (!shown) return null;
  // A role, so that the label is allowed (axe: aria-prohibited-attr) and read as "loading".
  return (
    <Stack spacing={1} role="status" aria-label={t('list.loading')} data-testid="list-loading">
      {height ? (
        <Skeleton variant="rounded" height={height} />
      ) : (
        Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
          <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : undefined} />
        ))
      )}
    </Stack>
  );
}

/**
 * Whether asking again may answer otherwise: a failure of the network or the server, a
 * timeout or a limit may pass; a refusal of the request itself (404, 403, 400) will not.
 */
export function mayPassOnRetry(error: unknown): boolean {
  if (!isHttpError(error)) return true;
  return error.statusCode >= 500 || error.statusCode === 408 || error.statusCode === 429;
}

/**
 * The failure, in the user's language, with Retry when the list can be asked again and that
 * may help; nothing when the session ended (the session-ended alert says why).
 */
export function ListFailure({
  error,
  failedKey,
  onRetry,
  retrying,
}: {
  error: unknown;
  failedKey: string;
  onRetry?: () => unknown;
  retrying?: boolean;
}) {
  const { t } = useT();
  if (sessionEndOf(error)) return null;
  return (
    <Alert
      severity="error"
      data-testid="list-failed"
      action={
        onRetry &&
        mayPassOnRetry(error) && (
          <Button color="inherit" size="small" loading={retrying} onClick={() => void onRetry()}>
            {t('list.retry')}
          </Button>
        )
      }
    >
      {errorMessage(error, failedKey)}
    </Alert>
  );
}

/** An empty list: a quiet framed line, not a bare sentence lost on the page. */
export function EmptyState({ text, dense }: { text: string; dense?: boolean }) {
  if (dense) return <Typography color="textSecondary">{text}</Typography>;
  return (
    <Box
      data-testid="list-empty"
      sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, px: 2, py: 4, textAlign: 'center' }}
    >
      <Typography color="textSecondary">{text}</Typography>
    </Box>
  );
}

/** True once `ms` have passed since the component appeared. */
function useDelayed(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}
