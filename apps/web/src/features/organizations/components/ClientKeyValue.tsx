/**
 * The client key in the organization's details: the key, or, while it has none, a "Set
 * client key" button for staff with `update` (never on a disabled organization) that opens
 * the client key dialog.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { withChunkReload } from '../../../lib/chunk-reload';
import { usePermissions } from '../../../lib/permissions';

const ClientKeyDialog = lazy(withChunkReload(() => import('./ClientKeyDialog')));

export function ClientKeyValue({ organization: o }: { organization: OrganizationView }) {
  const { t } = useT();
  const canUpdate = usePermissions().superChanges;
  const [open, setOpen] = useState(false);
  if (o.clientKey) return <>{o.clientKey}</>;
  if (!canUpdate || o.disabled) return <>—</>;
  return (
    <>
      <Button
        size="small"
        startIcon={<KeyIcon />}
        onClick={() => setOpen(true)}
        aria-label={t('organizations:clientKey.setLabel', { name: o.name })}
      >
        {t('organizations:clientKey.set')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ClientKeyDialog organization={o} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
