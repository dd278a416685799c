/**
 * /audit-trail (docs/product.md, "Audit trail"): the Organizational Admin's own organization's
 * events, newest first, filtered by actor, action, target, days and words in target names
 * (all in the address), each as a sentence in the reader's language with its details on
 * demand, and exported as CSV or JSON lines. Read-only.
 */
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { AuditTrail } from '../components/AuditTrail';

export function Component() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('titles.auditTrail')} intro={t('auditTrail:intro')} />
      <AuditTrail scope={{}} />
    </>
  );
}
