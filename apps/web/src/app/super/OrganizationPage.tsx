/**
 * /super/organizations/{id}: the organization's page (the organizations feature) with the
 * organization's audit trail below its imports (the audit-trail feature). Two features meet
 * here, as a feature never imports another; the trail's code loads once the page has its
 * organization.
 */
import { lazy, Suspense } from 'react';
import { OrganizationPage } from '../../features/organizations/pages/OrganizationPage';
import { withChunkReload } from '../../lib/chunk-reload';

const OrganizationAuditTrail = lazy(withChunkReload(() => import('../../features/audit-trail/components/OrganizationAuditTrail')));

export function Component() {
  return (
    <OrganizationPage
      more={(organization) => (
        <Suspense fallback={null}>
          <OrganizationAuditTrail organizationId={organization.id} />
        </Suspense>
      )}
    />
  );
}
