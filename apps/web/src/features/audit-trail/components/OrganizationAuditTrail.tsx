/** The audit trail as a section of the staff organization page (read-only staff too): the same trail, of that organization. */
import { useT } from '../../../i18n/use-t';
import { TitledSection } from '../../../lib/TitledSection';
import { AuditTrail } from './AuditTrail';

export default function OrganizationAuditTrail({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  return (
    <TitledSection id="organization-audit-trail" title={t('auditTrail:section')} intro={t('auditTrail:sectionIntro')}>
      <AuditTrail scope={{ organizationId }} />
    </TitledSection>
  );
}
