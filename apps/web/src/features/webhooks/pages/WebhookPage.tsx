/**
 * /webhooks/:id (docs/product.md, "Webhooks"): one endpoint: its address, state, event types
 * and signing secret's roll, its changes (edit, send a test event, disable or enable again,
 * delete) and its delivery log. An endpoint disabled after failing for days says so, and
 * enabling it offers to resend what it missed.
 */
import type { WebhookView } from '@console/contracts/webhooks';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { actionLabel } from '../../../lib/events/ActionSelect';
import { formatDateTime } from '../../../lib/format';
import { ListFailure } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';
import { useDeleteWebhook, useResendFailed, useRollWebhookSecret, useSendTestEvent, useUpdateWebhook, useWebhook } from '../api/webhooks';
import { DeliveryLog } from '../components/DeliveryLog';
import { EnableDialog } from '../components/EnableDialog';
import { EndpointDialog } from '../components/EndpointDialog';
import { EndpointStateChip } from '../components/EndpointStateChip';
import { RollSigningSecretDialog } from '../components/RollSigningSecretDialog';
import { chosenEventTypes, endpointState, formValuesOf } from '../endpoint-view';
import { testEventErrorMessage } from '../webhook-error';

const touch = { minHeight: 44 } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1 }}>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function EndpointFacts({ endpoint: e }: { endpoint: WebhookView }) {
  const { t } = useT();
  const chosen = chosenEventTypes(e);
  return (
    <Paper variant="outlined" component="dl" sx={{ m: 0, px: 2, py: 1 }}>
      <Fact label={t('webhooks:columns.state')}>
        <EndpointStateChip state={endpointState(e)} />
      </Fact>
      <Fact label={t('webhooks:form.description')}>
        {e.description ? (
          <Typography sx={{ whiteSpace: 'pre-line' }}>{e.description}</Typography>
        ) : (
          <Typography color="textSecondary">{t('webhooks:details.noDescription')}</Typography>
        )}
      </Fact>
      <Fact label={t('webhooks:columns.events')}>
        {chosen ? (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
            {chosen.map((a) => (
              <Chip key={a} size="small" label={actionLabel(t, a)} />
            ))}
          </Stack>
        ) : (
          t('webhooks:events.all')
        )}
      </Fact>
      <Fact label={t('webhooks:details.secret')}>
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          whsec_…{e.secretLast4}
        </Box>
        {e.previousSecretExpiresAt && Date.parse(e.previousSecretExpiresAt) > Date.now() && (
          <Typography variant="body2" sx={{ color: 'warning.dark' }}>
            {t('webhooks:details.previousUntil', { date: formatDateTime(e.previousSecretExpiresAt) })}
          </Typography>
        )}
      </Fact>
      <Fact label={t('webhooks:details.created')}>{formatDateTime(e.createdAt)}</Fact>
    </Paper>
  );
}

export function Component() {
  const { t } = useT();
  const { id = '' } = useParams();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const endpoint = useWebhook(id);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const roll = useRollWebhookSecret();
  const test = useSendTestEvent();
  const resend = useResendFailed();
  const [editing, setEditing] = useState(false);
  const [rolling, setRolling] = useState(false);
  const [enabling, setEnabling] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rollButton = useRef<HTMLButtonElement>(null);
  const e = endpoint.data?.webhook;
  const state = e ? endpointState(e) : undefined;

  const crumbs = (
    <Breadcrumbs items={[{ label: t('titles.webhooks'), to: paths.webhooks() }, { label: e?.url ?? t('webhooks:details.title') }]} />
  );
  if (!e) {
    return (
      <>
        {crumbs}
        <PageHeader title={t('webhooks:details.title')} />
        {endpoint.isError && (
          <ListFailure
            error={endpoint.error}
            failedKey="webhooks:errors.loadOne"
            onRetry={endpoint.refetch}
            retrying={endpoint.isFetching}
          />
        )}
      </>
    );
  }

  const act = async (work: () => Promise<unknown>, done: string, failed: (err: unknown) => string) => {
    try {
      await work();
      notify.success(done);
    } catch (err) {
      notify.error(failed(err));
    }
  };

  return (
    <>
      {crumbs}
      <PageHeader
        title={t('webhooks:details.title')}
        documentTitle={t('titles.webhooks')}
        intro={
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {e.url}
          </Box>
        }
      />
      {state === 'failing' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('webhooks:details.failing', { date: formatDateTime(e.disabledAt ?? e.updatedAt) })}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)} sx={touch}>
          {t('webhooks:actions.edit')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          disabled={state !== 'enabled'}
          loading={test.isPending}
          onClick={() => act(() => test.mutateAsync(e.id), t('webhooks:notices.testSent'), testEventErrorMessage)}
          sx={touch}
        >
          {t('webhooks:actions.test')}
        </Button>
        <Button ref={rollButton} variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setRolling(true)} sx={touch}>
          {t('webhooks:actions.roll')}
        </Button>
        {state === 'enabled' ? (
          <Button
            variant="outlined"
            color="inherit"
            onClick={async () => {
              if (
                await confirm({
                  title: t('webhooks:disable.title'),
                  text: t('webhooks:disable.text'),
                  confirmLabel: t('webhooks:disable.confirm'),
                })
              )
                await act(
                  () => update.mutateAsync({ id: e.id, enabled: false }),
                  t('webhooks:notices.disabled'),
                  (err) => errorMessage(err, 'webhooks:errors.save'),
                );
            }}
            sx={touch}
          >
            {t('webhooks:actions.disable')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setEnabling(true)} sx={touch}>
            {t('webhooks:actions.enable')}
          </Button>
        )}
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={async () => {
            if (
              !(await confirm({
                title: t('webhooks:remove.title'),
                text: t('webhooks:remove.text', { url: e.url }),
                confirmLabel: t('webhooks:remove.confirm'),
                destructive: true,
              }))
            )
              return;
            try {
              await remove.mutateAsync(e.id);
              notify.success(t('webhooks:notices.deleted'));
              navigate(localize(paths.webhooks()));
            } catch (err) {
              notify.error(errorMessage(err, 'webhooks:errors.delete'));
            }
          }}
          sx={touch}
        >
          {t('webhooks:actions.delete')}
        </Button>
      </Stack>

      <EndpointFacts endpoint={e} />
      <DeliveryLog endpointId={e.id} />

      {editing && (
        <EndpointDialog
          open
          title={t('webhooks:edit.title')}
          submitLabel={t('dialog.save')}
          initial={formValuesOf(e)}
          onClose={() => setEditing(false)}
          onSubmit={async (body) => {
            await update.mutateAsync({ id: e.id, ...body });
            setEditing(false);
            notify.success(t('webhooks:notices.updated'));
          }}
        />
      )}
      <RollSigningSecretDialog
        open={rolling}
        onClose={() => setRolling(false)}
        roll={async (gracePeriod) => (await roll.mutateAsync({ id: e.id, gracePeriod })).secret}
        onRolled={setSecret}
      />
      <EnableDialog
        open={enabling}
        missedSince={state === 'failing' ? (e.failingSince ?? e.disabledAt) : null}
        onClose={() => setEnabling(false)}
        onEnable={async (resendSince) => {
          setEnabling(false);
          try {
            await update.mutateAsync({ id: e.id, enabled: true });
            if (resendSince) {
              const { queued } = await resend.mutateAsync({ id: e.id, since: resendSince });
              notify.success(t('webhooks:notices.enabledResent', { count: queued }));
            } else notify.success(t('webhooks:notices.enabled'));
          } catch (err) {
            notify.error(errorMessage(err, 'webhooks:errors.save'));
          }
        }}
      />
      <RevealSecretDialog
        secret={secret}
        texts={{ namespace: 'webhooks', values: { url: e.url } }}
        onClose={() => setSecret(null)}
        returnFocusTo={() => rollButton.current}
      />
    </>
  );
}
