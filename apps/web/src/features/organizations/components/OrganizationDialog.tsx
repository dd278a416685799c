/**
 * The dialog of /super/organizations/{id}: the edit form for mode=edit when the staff member
 * may update and the organization is not disabled (docs/product.md, "Organizations", Edit and disable), else the details.
 */
import { lazy, Suspense } from 'react';
import { withChunkReload } from '../../../lib/chunk-reload';
import { useOrganization } from '../../../lib/queries/organization';
import { OrganizationDetailsDialog } from './OrganizationDetailsDialog';

const OrganizationEditDialog = lazy(withChunkReload(() => import('./OrganizationEditDialog')));

export function OrganizationDialog({ id, edit, onClose }: { id: string; edit: boolean; onClose: () => void }) {
  const { data, isError } = useOrganization(id);
  if (edit && !isError && !data?.disabled) {
    return (
      <Suspense fallback={null}>
        <OrganizationEditDialog organization={data} onClose={onClose} />
      </Suspense>
    );
  }
  return <OrganizationDetailsDialog id={id} onClose={onClose} />;
}
