/**
 * The imports, newest first, 20 at a time with "load more"; details, errors, retry and removal per row.
 * The import just uploaded is scrolled into view and its details button focused (at 1440x900 the
 * list starts below the fold); an import that ends in error is announced and also shown as a
 * notice that stays until dismissed.
 */
import type { UserImportView } from '@console/contracts/user-imports';
import DeleteIcon from '@mui/icons-material/Delete';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { pagedItems } from '../../../lib/paged-query';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { useDeleteUserImport, useRetryUserImport, useStopUserImport, useUserImports } from '../api/user-imports';
import { DetailsDialog } from './DetailsDialog';
import { ErrorsDialog } from './ErrorsDialog';
import { ImportProgress, InvitationsProgress } from './ImportProgress';
import { ImportSummary } from './ImportSummary';
import { StatusChip } from './StatusChip';
import { canRetry, hasErrorDetails, statusOf } from './status';

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Smoothly, unless the person asked their system for reduced motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * `reveal`: the id of an import to bring into view and focus once its row is in the list;
 * `onRevealed` is called when that is done.
 */
export function ImportList({ reveal, onRevealed }: { reveal?: string | null; onRevealed?: () => void } = {}) {
  const { t, i18n } = useT();
  const list = useUserImports();
  const remove = useDeleteUserImport();
  const retry = useRetryUserImport();
  const stop = useStopUserImport();
  const confirm = useConfirm();
  const [details, setDetails] = useState<UserImportView | null>(null);
  const [errorsOf, setErrorsOf] = useState<UserImportView | null>(null);
  const { items: rows, total } = pagedItems(list.data, (p) => p.userImports);
  const outcome = useOutcomeAnnouncement(rows);
  // Each row's details button: where the focus goes to bring an import into view, and back after Stop or Confirm.
  const detailsButtons = useRef(new Map<string, HTMLButtonElement>());
  const revealRow = (id: string) => {
    const button = detailsButtons.current.get(id);
    if (!button) return false;
    button.closest('tr')?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    button.focus({ preventScroll: true });
    return true;
  };
  // The import just uploaded: once checked, its summary (taller than the row was) is brought
  // whole into view, so its Confirm is not below the fold where the upload left the page.
  const summaryToShow = useRef<string | null>(null);
  useEffect(() => {
    if (reveal && rows.some((u) => u.id === reveal) && revealRow(reveal)) {
      summaryToShow.current = reveal;
      onRevealed?.();
    }
    const id = summaryToShow.current;
    const shown = id ? rows.find((u) => u.id === id) : undefined;
    if (!id || !shown || shown.status === 'processing') return;
    summaryToShow.current = null;
    if (shown.status !== 'awaiting_confirmation') return;
    const summary = detailsButtons.current.get(id)?.closest('tr')?.querySelector('[data-import-summary]');
    summary?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  });

  async function onRemove(u: UserImportView) {
    const yes = await confirm({
      title: t('userImports:remove.title'),
      text: t('userImports:remove.text', { name: u.filename }),
      confirmLabel: t('userImports:remove.confirm'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(u.id);
      notify.success(t('userImports:remove.done'));
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:remove.failed'));
    }
  }

  async function onRetry(u: UserImportView) {
    try {
      await retry.mutateAsync(u.id);
      notify.success(t('userImports:retry.done'));
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:retry.failed'));
    }
  }

  async function onStop(u: UserImportView) {
    const yes = await confirm({
      title: t('userImports:stop.title'),
      text: t('userImports:stop.text', { name: u.filename }),
      confirmLabel: t('userImports:stop.confirm'),
      destructive: true,
      // The Stop button goes with the run: the focus stays on this import's row.
      focusAfterConfirm: () => detailsButtons.current.get(u.id),
    });
    if (!yes) return;
    try {
      await stop.mutateAsync(u.id);
      notify.success(t('userImports:stop.done'));
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:stop.failed'));
    }
  }

  const placeholder = listPlaceholder(list, rows.length === 0, {
    failedKey: 'userImports:list.failed',
    empty: t('userImports:list.empty'),
  });
  if (placeholder) return placeholder;

  return (
    <>
      <Table size="small" aria-label={t('userImports:list.title')} sx={stackedOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>{t('userImports:list.file')}</TableCell>
            <TableCell>{t('userImports:list.status')}</TableCell>
            <TableCell>{t('userImports:list.created')}</TableCell>
            <TableCell align="right">{t('userImports:list.rowsWithErrors')}</TableCell>
            <TableCell align="right">{t('userImports:list.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((u) => (
            <TableRow key={u.id} data-import-id={u.id}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160, maxWidth: 320, fontWeight: 500 }}>{u.filename}</TableCell>
              <TableCell data-label={t('userImports:list.status')}>
                <Stack spacing={1}>
                  <StatusChip status={u.status} onDetails={() => setErrorsOf(u)} />
                  {statusOf(u.status) === 'processing' && <ImportProgress userImport={u} />}
                  {u.status === 'awaiting_confirmation' && (
                    <ImportSummary userImport={u} focusAfterConfirm={() => detailsButtons.current.get(u.id)} />
                  )}
                  {(u.status === 'stopped' || u.status === 'completed') && (
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      {...(u.status === 'stopped' ? { 'data-stopped-report': true } : { 'data-completed-report': true })}
                    >
                      {t(u.status === 'stopped' ? 'userImports:stop.report' : 'userImports:list.completedReport', {
                        applied: u.rowsApplied.toLocaleString(i18n.language),
                        total: (u.rowsTotal ?? u.rowsRead).toLocaleString(i18n.language),
                        created: u.usersCreated.toLocaleString(i18n.language),
                        updated: u.usersUpdated.toLocaleString(i18n.language),
                        failed: u.usersFailed.toLocaleString(i18n.language),
                      })}
                    </Typography>
                  )}
                  <InvitationsProgress userImport={u} />
                </Stack>
              </TableCell>
              <TableCell data-label={t('userImports:list.created')} sx={{ whiteSpace: { sm: 'nowrap' } }}>
                {formatDateTime(u.createDate)}
              </TableCell>
              <TableCell data-label={t('userImports:list.rowsWithErrors')} align="right">
                {u.rowsWithErrors.toLocaleString(i18n.language)}
              </TableCell>
              <TableCell align="right" data-actions sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  ref={(button) => {
                    if (button) detailsButtons.current.set(u.id, button);
                    else detailsButtons.current.delete(u.id);
                  }}
                  aria-label={t('userImports:list.openDetails', { name: u.filename })}
                  onClick={() => setDetails(u)}
                >
                  <InfoIcon />
                </IconButton>
                {statusOf(u.status) === 'processing' && (
                  <IconButton
                    aria-label={t('userImports:stop.action', { name: u.filename })}
                    onClick={() => onStop(u)}
                    disabled={stop.isPending}
                  >
                    <StopIcon />
                  </IconButton>
                )}
                {canRetry(statusOf(u.status)) && (
                  <IconButton
                    aria-label={t('userImports:retry.action', { name: u.filename })}
                    onClick={() => onRetry(u)}
                    disabled={retry.isPending}
                  >
                    <ReplayIcon />
                  </IconButton>
                )}
                <IconButton aria-label={t('userImports:remove.action', { name: u.filename })} onClick={() => onRemove(u)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography role="status" aria-live="polite" sx={visuallyHidden} data-import-outcome>
        {outcome}
      </Typography>
      <LoadMore shown={rows.length} total={total} list={list} />
      {details && (
        <DetailsDialog
          initial={details}
          onClose={() => setDetails(null)}
          onErrors={() => {
            setErrorsOf(details);
            setDetails(null);
          }}
        />
      )}
      {errorsOf && <ErrorsDialog importId={errorsOf.id} filename={errorsOf.filename} onClose={() => setErrorsOf(null)} />}
    </>
  );
}

/**
 * What a screen reader hears when an import that was running ends (checked and waiting,
 * complete, in error, stopped): the list is polled, so the change would otherwise be silent.
 * A failure is also a notice that stays until dismissed, for those who looked elsewhere.
 */
function useOutcomeAnnouncement(rows: UserImportView[]): string {
  const { t } = useT();
  const seen = useRef(new Map<string, string>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    for (const u of rows) {
      const before = seen.current.get(u.id);
      seen.current.set(u.id, u.status);
      if (before === 'processing' && u.status !== 'processing') {
        const said = t(`userImports:outcome.${u.status}`, { name: u.filename });
        setMessage(said);
        if (hasErrorDetails(statusOf(u.status))) notify.error(said, { persist: true });
      }
    }
  }, [rows, t]);
  return message;
}
