/**
 * An organization's verified domains as a section of the staff organization page: read-only
 * staff see them; staff who may change verify a pending one by hand (the customer proved
 * ownership another way), after a confirmation; it is recorded as the provider's event.
 */
import type { DomainView } from '@console/contracts/domains';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { formatDateTime } from '../../../lib/format';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permissions';
import { TitledSection } from '../../../lib/TitledSection';
import { useOrganizationDomains, useVerifyByHand } from '../api/domains';
import { domainErrorMessage } from '../domain-error';
import { DomainStateChip, LastCheck } from './DomainState';

function StaffDomainItem({ organizationId, domain, canVerify }: { organizationId: string; domain: DomainView; canVerify: boolean }) {
  const { t } = useT();
  const confirm = useConfirm();
  const verify = useVerifyByHand();
  // Disabled while it asks, the button drops the keyboard's focus: it gets it back once answered.
  const verifyButton = useRef<HTMLButtonElement>(null);
  useFocusReturnOnClose(verify.isPending, verifyButton);
  const verifyByHand = async () => {
    const ok = await confirm({
      title: t('singleSignOn:byHand.title', { domain: domain.domain }),
      text: t('singleSignOn:byHand.text', { domain: domain.domain }),
      confirmLabel: t('singleSignOn:byHand.confirm'),
    });
    if (!ok) return;
    try {
      await verify.mutateAsync({ organizationId, domainId: domain.id });
      notify.success(t('singleSignOn:notices.verified', { domain: domain.domain }));
    } catch (err) {
      notify.error(domainErrorMessage(err, 'singleSignOn:errors.verify'));
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none', minWidth: 0 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Typography>
          <DomainStateChip domain={domain} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {domain.verifiedAt
            ? t('singleSignOn:verifiedOn', { at: formatDateTime(domain.verifiedAt) })
            : t('singleSignOn:claimedOn', { at: formatDateTime(domain.createdAt) })}
        </Typography>
        <LastCheck domain={domain} />
        {canVerify && domain.status === 'pending' && (
          <Button
            ref={verifyButton}
            variant="outlined"
            onClick={verifyByHand}
            disabled={verify.isPending}
            sx={{ minHeight: 44, alignSelf: { sm: 'flex-start' } }}
          >
            {t('singleSignOn:actions.verifyByHand')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

export default function OrganizationDomains({ organizationId }: { organizationId: string }) {
  const { t } = useT();
  const { superChanges } = usePermissions();
  const list = useOrganizationDomains(organizationId);
  const domains = list.data?.domains ?? [];
  return (
    <TitledSection id="organization-domains" title={t('singleSignOn:domains.title')} intro={t('singleSignOn:domains.staffIntro')}>
      {listPlaceholder(list, domains.length === 0, { failedKey: 'singleSignOn:errors.load', empty: t('singleSignOn:domains.staffEmpty') })}
      {domains.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label={t('singleSignOn:domains.list')} sx={{ p: 0, m: 0 }}>
          {domains.map((domain) => (
            <StaffDomainItem key={domain.id} organizationId={organizationId} domain={domain} canVerify={superChanges} />
          ))}
        </Stack>
      )}
    </TitledSection>
  );
}
