/**
 * An import that waits at its summary (decision 048): what it will do once confirmed (new,
 * updated and disabled users, invitations to send, a few of each named by e-mail, or employee ID
 * when there is none, and name, so two people of one name are told apart), and the admin's two
 * choices. Nothing is applied until Confirm; Cancel removes the import. Confirm is disabled while
 * it is sent, which drops the keyboard's focus, and the summary goes once it is applied: once
 * confirmed, a focus so lost goes to `focusAfterConfirm` (the import's Details).
 */
import type { UserImportSampleView, UserImportView } from '@console/contracts/user-imports';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { focusIsLost } from '../../../lib/dialogs/focus';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useConfirmUserImport, useDeleteUserImport } from '../api/user-imports';
import { SeparatorText } from './SeparatorText';

const groups = ['newUsers', 'updatedUsers', 'disabledUsers', 'invitations'] as const;

/** "Maria Silva (maria@acme.example)": the name, then what tells the person apart; either alone when the other is missing. */
function Sample({ sample: s }: { sample: UserImportSampleView }) {
  const id = s.email ? <BreakableEmail email={s.email} /> : s.employeeId;
  if (!id) return <>{s.name}</>;
  if (!s.name) return <>{id}</>;
  return (
    <>
      {s.name} ({id})
    </>
  );
}

export function ImportSummary({
  userImport: u,
  focusAfterConfirm,
}: {
  userImport: UserImportView;
  focusAfterConfirm?: () => HTMLElement | undefined;
}) {
  const { t, i18n } = useT();
  const confirmImport = useConfirmUserImport();
  const remove = useDeleteUserImport();
  const busy = confirmImport.isPending || remove.isPending;
  const titleId = `import-summary-${u.id}`;

  async function onConfirm() {
    try {
      await confirmImport.mutateAsync(u.id);
      notify.success(t('userImports:summary.confirmed', { name: u.filename }));
      if (focusIsLost()) focusAfterConfirm?.()?.focus();
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:summary.confirmFailed'));
    }
  }

  async function onCancel() {
    try {
      await remove.mutateAsync(u.id);
      notify.success(t('userImports:summary.cancelled', { name: u.filename }));
    } catch (err) {
      notify.error(errorMessage(err, 'userImports:summary.cancelFailed'));
    }
  }

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1} sx={{ minWidth: 220 }} data-import-summary>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {t('userImports:summary.title', { name: u.filename })}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('userImports:summary.intro')}
      </Typography>
      <Typography variant="body2" data-summary="separator">
        {t('userImports:summary.labelled', { label: t('userImports:details.separator') })} <SeparatorText userImport={u} />
      </Typography>
      {u.summary && (
        <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
          {groups.map((group) => {
            const { count, samples } = u.summary![group];
            return (
              <div key={group}>
                <Typography component="dt" variant="body2" sx={{ display: 'inline', fontWeight: 500 }}>
                  {t('userImports:summary.labelled', { label: t(`userImports:summary.${group}`) })}{' '}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ display: 'inline', m: 0 }} data-summary={group}>
                  {count.toLocaleString(i18n.language)}
                  {samples.length > 0 && (
                    <Box component="div" sx={{ typography: 'caption', color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {t('userImports:summary.samples')}
                      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                        {samples.map((s, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the samples in the server's order, never reordered.
                          <li key={i}>
                            <Sample sample={s} />
                          </li>
                        ))}
                      </Box>
                    </Box>
                  )}
                </Typography>
              </div>
            );
          })}
        </Stack>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" onClick={onConfirm} disabled={busy} sx={{ minHeight: 44 }}>
          {t('userImports:summary.confirm')}
        </Button>
        <Button variant="outlined" size="small" onClick={onCancel} disabled={busy} sx={{ minHeight: 44 }}>
          {t('userImports:summary.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
