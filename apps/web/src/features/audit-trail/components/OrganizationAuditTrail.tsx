/** The audit trail as a section of the staff organization page (read-only staff too): the same trail, of that organization. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { AuditTrail } from './AuditTrail';

export default function OrganizationAuditTrail({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="organization-audit-trail" sx={{ p: 2, minWidth: 0 }}>
      <Typography id="organization-audit-trail" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t('auditTrail:section')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('auditTrail:sectionIntro')}
      </Typography>
      <AuditTrail scope={{ organizationId }} />
    </Paper>
  );
}
