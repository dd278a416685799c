/** /keys: the organization's access keys (spec section 2): list, create, edit, roll, delete. */
import type { IntegrationView } from '@console/contracts/integrations';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useReducer, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/page-title';
import { useAccessKeys, useCreateAccessKey, useDeleteAccessKey, useRollAccessKey, useUpdateAccessKey } from '../api/access-keys';
import { IntegrationForm } from '../components/IntegrationForm';
import { KeyRow } from '../components/KeyRow';
import { RevealKeyDialog } from '../components/RevealKeyDialog';
import { RollKeyDialog } from '../components/RollKeyDialog';
import { modeOf, rowReducer } from '../row-state';

export function Component() {
  const { t } = useT();
  usePageTitle(t('titles.keys'));
  const list = useAccessKeys();
  const create = useCreateAccessKey();
  const update = useUpdateAccessKey();
  const remove = useDeleteAccessKey();
  const roll = useRollAccessKey();
  const [active, dispatch] = useReducer(rowReducer, null);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ name: string; secret: string } | null>(null);
  const [rolling, setRolling] = useState<IntegrationView | null>(null);

  const integrations = list.data?.pages.flatMap((p) => p.integrations) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 3, gap: 2, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
          {t('titles.keys')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} aria-expanded={creating} onClick={() => setCreating((c) => !c)}>
          {t('keys:create.open')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('keys:intro')}
      </Typography>

      {creating && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('keys:create.title')}
          </Typography>
          <IntegrationForm
            label={t('keys:create.title')}
            submitLabel={t('keys:create.submit')}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const { integration, accessKey } = await create.mutateAsync(values);
              setCreating(false);
              notify.success(t('keys:notices.created'));
              setRevealed({ name: integration.name, secret: accessKey });
            }}
          />
        </Paper>
      )}

      {list.isPending && <Skeleton variant="rounded" height={120} />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, 'keys:errors.load')}</Alert>}
      {list.isSuccess && integrations.length === 0 && <Typography color="text.secondary">{t('keys:empty')}</Typography>}

      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('keys:listLabel')}>
        {integrations.map((k) => (
          <KeyRow
            key={k.id}
            integration={k}
            mode={modeOf(active, k.id)}
            onToggle={(mode) => dispatch({ type: 'toggle', id: k.id, mode })}
            onSave={async (values) => {
              await update.mutateAsync({ id: k.id, ...values });
              dispatch({ type: 'done' });
              notify.success(t('keys:notices.updated'));
            }}
            onRemove={async () => {
              try {
                await remove.mutateAsync(k.id);
                dispatch({ type: 'done' });
                notify.success(t('keys:notices.deleted'));
              } catch (err) {
                notify.error(errorMessage(err, 'keys:errors.delete'));
              }
            }}
            onRoll={() => setRolling(k)}
          />
        ))}
      </Stack>

      {list.isSuccess && integrations.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('keys:shown', { count: integrations.length, total })}
          </Typography>
          {list.hasNextPage && (
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('keys:loadMore')}
            </Button>
          )}
        </Stack>
      )}

      <RollKeyDialog
        open={!!rolling}
        name={rolling?.name ?? ''}
        onClose={() => setRolling(null)}
        onRoll={async (gracePeriod) => {
          const target = rolling;
          setRolling(null);
          if (!target) return;
          try {
            const { accessKey } = await roll.mutateAsync({ id: target.id, gracePeriod });
            notify.success(t('keys:notices.rolled'));
            setRevealed({ name: target.name, secret: accessKey });
          } catch (err) {
            notify.error(errorMessage(err, 'keys:errors.roll'));
          }
        }}
      />
      <RevealKeyDialog secret={revealed?.secret ?? null} name={revealed?.name ?? ''} onClose={() => setRevealed(null)} />
    </>
  );
}
