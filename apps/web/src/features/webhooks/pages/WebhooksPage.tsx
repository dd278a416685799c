/**
 * /webhooks (docs/product.md, "Webhooks"): the organization's endpoints, each with its state
 * and the event types it receives, and "Add endpoint". A new endpoint's signing secret is
 * shown once; its page (/webhooks/:id) holds its changes and its delivery log.
 */
import type { WebhookView } from '@console/contracts/webhooks';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { pagedItems } from '../../../lib/paged-query';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';
import { useCreateWebhook, useWebhooks } from '../api/webhooks';
import { EndpointDialog } from '../components/EndpointDialog';
import { EndpointsTable } from '../components/EndpointsTable';

export function Component() {
  const { t } = useT();
  const list = useWebhooks();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [created, setCreated] = useState<{ endpoint: WebhookView; secret: string } | null>(null);
  const { items: endpoints, total } = pagedItems(list.data, (page) => page.webhooks);

  return (
    <>
      <PageHeader
        title={t('titles.webhooks')}
        intro={t('webhooks:intro')}
        actions={
          <Button ref={addButton} variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
            {t('webhooks:create.open')}
          </Button>
        }
      />

      {listPlaceholder(list, endpoints.length === 0, { failedKey: 'webhooks:errors.load', empty: t('webhooks:empty') })}

      {endpoints.length > 0 && (
        <Paper variant="outlined" sx={{ px: { xs: 2, sm: 0 }, py: { xs: 0.5, sm: 0 }, overflow: 'hidden' }}>
          <EndpointsTable endpoints={endpoints} />
        </Paper>
      )}

      <LoadMore shown={endpoints.length} total={total} list={list} text={t('webhooks:shown', { count: endpoints.length, total })} />

      {adding && (
        <EndpointDialog
          open
          title={t('webhooks:create.title')}
          submitLabel={t('webhooks:create.submit')}
          onClose={() => setAdding(false)}
          onSubmit={async (body) => {
            const answer = await create.mutateAsync(body);
            setAdding(false);
            notify.success(t('webhooks:notices.created'));
            setCreated({ endpoint: answer.webhook, secret: answer.secret });
          }}
        />
      )}
      <RevealSecretDialog
        secret={created?.secret ?? null}
        texts={{ namespace: 'webhooks', values: { url: created?.endpoint.url ?? '' } }}
        onClose={() => setCreated(null)}
        returnFocusTo={() => addButton.current}
      />
    </>
  );
}
