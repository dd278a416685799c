/**
 * /keys: the organization's access keys (docs/product.md, "Access keys"): list, create, edit,
 * roll, delete. Once a new key's one-time dialog closes, the focus goes to that key's row
 * (the form that made it has gone); the New key form closed gives it back to its button.
 */
import type { AccessKeyView } from '@console/contracts/access-keys';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useReducer, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { errorMessage } from '../../../lib/error-message';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { pagedItems } from '../../../lib/paged-query';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';
import { useAccessKeys, useCreateAccessKey, useDeleteAccessKey, useRollAccessKey, useUpdateAccessKey } from '../api/access-keys';
import { AccessKeyForm } from '../components/AccessKeyForm';
import { AccessKeyRow } from '../components/AccessKeyRow';
import { AccessKeysTable } from '../components/AccessKeysTable';
import { RollKeyDialog } from '../components/RollKeyDialog';
import { modeOf, rowReducer } from '../row-state';

export function Component() {
  const { t } = useT();
  const list = useAccessKeys();
  const create = useCreateAccessKey();
  const update = useUpdateAccessKey();
  const remove = useDeleteAccessKey();
  const roll = useRollAccessKey();
  const [active, dispatch] = useReducer(rowReducer, null);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ name: string; secret: string } | null>(null);
  const [rolling, setRolling] = useState<AccessKeyView | null>(null);
  const newKeyButton = useRef<HTMLButtonElement>(null);
  /** The key whose secret is shown, when it is a new one: its row takes the focus after. */
  const createdId = useRef<string | undefined>(undefined);
  useFocusReturnOnClose(creating, newKeyButton);

  const { items: accessKeys, total } = pagedItems(list.data, (page) => page.integrations);

  return (
    <>
      <PageHeader
        title={t('titles.keys')}
        intro={t('accessKeys:intro')}
        actions={
          <Button
            ref={newKeyButton}
            variant="contained"
            startIcon={<AddIcon />}
            aria-expanded={creating}
            onClick={() => setCreating((c) => !c)}
          >
            {t('accessKeys:create.open')}
          </Button>
        }
      />

      {creating && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('accessKeys:create.title')}
          </Typography>
          <AccessKeyForm
            label={t('accessKeys:create.title')}
            submitLabel={t('accessKeys:create.submit')}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const { integration: created, accessKey } = await create.mutateAsync(values);
              setCreating(false);
              notify.success(t('accessKeys:notices.created'));
              createdId.current = created.id;
              setRevealed({ name: created.name, secret: accessKey });
            }}
          />
        </Paper>
      )}

      {listPlaceholder(list, accessKeys.length === 0, { failedKey: 'accessKeys:errors.load', empty: t('accessKeys:empty') })}

      {accessKeys.length > 0 && (
        <Paper variant="outlined" sx={{ px: { xs: 2, sm: 0 }, py: { xs: 0.5, sm: 0 }, overflow: 'hidden' }}>
          <AccessKeysTable>
            {accessKeys.map((k) => (
              <AccessKeyRow
                key={k.id}
                accessKey={k}
                mode={modeOf(active, k.id)}
                onToggle={(mode) => dispatch({ type: 'toggle', id: k.id, mode })}
                onSave={async (values) => {
                  await update.mutateAsync({ id: k.id, ...values });
                  dispatch({ type: 'done' });
                  notify.success(t('accessKeys:notices.updated'));
                }}
                onRemove={async () => {
                  try {
                    await remove.mutateAsync(k.id);
                    dispatch({ type: 'done' });
                    notify.success(t('accessKeys:notices.deleted'));
                  } catch (err) {
                    notify.error(errorMessage(err, 'accessKeys:errors.delete'));
                  }
                }}
                onRoll={() => setRolling(k)}
              />
            ))}
          </AccessKeysTable>
        </Paper>
      )}

      <LoadMore shown={accessKeys.length} total={total} list={list} ofTotalKey="accessKeys:shown" />

      <RollKeyDialog
        open={!!rolling}
        name={rolling?.name ?? ''}
        onClose={() => setRolling(null)}
        roll={async (gracePeriod) => (await roll.mutateAsync({ id: rolling!.id, gracePeriod })).accessKey}
        onRolled={(secret) => {
          createdId.current = undefined;
          setRevealed({ name: rolling!.name, secret });
        }}
      />
      <RevealSecretDialog
        secret={revealed?.secret ?? null}
        texts={{ namespace: 'accessKeys', values: { name: revealed?.name ?? '' } }}
        onClose={() => setRevealed(null)}
        returnFocusTo={() => newKeyRow(createdId.current) ?? (createdId.current ? newKeyButton.current : undefined)}
      />
    </>
  );
}

/** The row of the key just made, once the list shows it. */
function newKeyRow(id: string | undefined): HTMLElement | null {
  if (!id) return null;
  return Array.from(document.querySelectorAll<HTMLElement>('[data-key-id]')).find((row) => row.dataset.keyId === id) ?? null;
}
