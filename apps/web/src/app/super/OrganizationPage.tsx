/**
 * /super/organizations/{id}: the organization's page (the organizations feature) with the
 * organization's verified domains and single sign-on connections (the single-sign-on feature)
 * and its audit trail (the audit-trail feature) below its imports. The features meet here, as a feature never imports
 * another; their code loads once the page has its organization.
 */
import { lazy, Suspense } from 'react';
import { OrganizationPage } from '../../features/organizations/pages/OrganizationPage';
import { withChunkReload } from '../../lib/chunk-reload';

const OrganizationAuditTrail = lazy(withChunkReload(() => import('../../features/audit-trail/components/OrganizationAuditTrail')));
const OrganizationDomains = lazy(withChunkReload(() => import('../../features/single-sign-on/components/OrganizationDomains')));
const OrganizationConnections = lazy(withChunkReload(() => import('../../features/single-sign-on/components/OrganizationConnections')));

export function Component() {
  return (
    <OrganizationPage
      more={(organization) => (
        <>
          <Suspense fallback={null}>
            <OrganizationDomains organizationId={organization.id} />
          </Suspense>
          <Suspense fallback={null}>
            <OrganizationConnections organizationId={organization.id} />
          </Suspense>
          <Suspense fallback={null}>
            <OrganizationAuditTrail organizationId={organization.id} />
          </Suspense>
        </>
      )}
    />
  );
}
