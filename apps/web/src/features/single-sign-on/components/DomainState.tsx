/** A domain's state, in words: verified (by DNS or by the provider), or pending with what the last look found. */
import type { DomainView } from '@console/contracts/domains';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';

export function DomainStateChip({ domain }: { domain: DomainView }) {
  const { t } = useT();
  return domain.status === 'verified' ? (
    <Chip
      size="small"
      color="success"
      label={t(domain.verifiedBy === 'staff' ? 'singleSignOn:state.verifiedByStaff' : 'singleSignOn:state.verified')}
    />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={t('singleSignOn:state.pending')} />
  );
}

/** What the last look in DNS found, as an IT admin acts on it; nothing once verified or before any look. */
export function LastCheck({ domain }: { domain: DomainView }) {
  const { t } = useT();
  if (domain.status === 'verified' || !domain.lastCheckError || !domain.lastCheckedAt) return null;
  return (
    <Typography variant="body2" color="error" role="status" sx={{ overflowWrap: 'anywhere' }}>
      {t(`singleSignOn:checkErrors.${domain.lastCheckError}`, { name: domain.recordName, domain: domain.domain })}{' '}
      {t('singleSignOn:lastChecked', { at: formatDateTime(domain.lastCheckedAt) })}
    </Typography>
  );
}
