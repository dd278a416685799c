/**
 * The organization's e-mail domains (docs/product.md, "Single sign-on"): claim one, publish
 * the TXT record shown (each part with its copy button), Verify now or wait for the
 * 15-minute look, and remove one after a confirmation that says what stops.
 */
import { DOMAIN_RECHECK_DAYS, DOMAIN_RECHECK_MINUTES, type DomainView } from '@console/contracts/domains';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { TitledSection } from '../../../lib/TitledSection';
import { useClaimDomain, useDomains, useRemoveDomain, useVerifyDomain } from '../api/domains';
import { domainErrorMessage } from '../domain-error';
import { DomainStateChip, LastCheck } from './DomainState';

const touch = { minHeight: 44 };

/** One part of the TXT record: its name, the value in a code font that wraps anywhere, and its copy button. */
function RecordPart({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere', minWidth: 0 }}>
          {value}
        </Typography>
        <CopyButton value={value} label={copyLabel} />
      </Stack>
    </Box>
  );
}

function DomainItem({ domain, onRemoved }: { domain: DomainView; onRemoved: () => HTMLElement | null }) {
  const { t } = useT();
  const confirm = useConfirm();
  const verify = useVerifyDomain();
  const remove = useRemoveDomain();
  const headingId = useId();
  // Disabled while it asks, the button drops the keyboard's focus: it gets it back once answered.
  const verifyButton = useRef<HTMLButtonElement>(null);
  useFocusReturnOnClose(verify.isPending, verifyButton);

  const verifyNow = async () => {
    try {
      const answer = await verify.mutateAsync(domain.id);
      if (answer.domain.status === 'verified') notify.success(t('singleSignOn:notices.verified', { domain: domain.domain }));
      else
        notify.error(
          t(`singleSignOn:checkErrors.${answer.domain.lastCheckError ?? 'no_record'}`, { name: domain.recordName, domain: domain.domain }),
        );
    } catch (err) {
      notify.error(domainErrorMessage(err, 'singleSignOn:errors.verify'));
    }
  };

  const removeIt = async () => {
    const ok = await confirm({
      title: t('singleSignOn:remove.title', { domain: domain.domain }),
      text: t(domain.status === 'verified' ? 'singleSignOn:remove.textVerified' : 'singleSignOn:remove.textPending', {
        domain: domain.domain,
      }),
      confirmLabel: t('singleSignOn:remove.confirm'),
      destructive: true,
      focusAfterConfirm: onRemoved,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(domain.id);
      notify.success(t('singleSignOn:notices.removed', { domain: domain.domain }));
    } catch (err) {
      notify.error(domainErrorMessage(err, 'singleSignOn:errors.remove'));
    }
  };

  return (
    <Paper component="li" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, listStyle: 'none', minWidth: 0 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Typography>
          <DomainStateChip domain={domain} />
        </Stack>
        {domain.status === 'pending' && (
          <>
            <Typography variant="body2">{t('singleSignOn:record.instructions')}</Typography>
            <RecordPart label={t('singleSignOn:record.name')} value={domain.recordName} copyLabel={t('singleSignOn:record.copyName')} />
            <RecordPart label={t('singleSignOn:record.type')} value="TXT" copyLabel={t('singleSignOn:record.copyType')} />
            <RecordPart label={t('singleSignOn:record.value')} value={domain.recordValue} copyLabel={t('singleSignOn:record.copyValue')} />
            <LastCheck domain={domain} />
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {domain.status === 'pending' && (
            <Button ref={verifyButton} variant="contained" onClick={verifyNow} disabled={verify.isPending} sx={touch}>
              {verify.isPending ? t('singleSignOn:actions.verifying') : t('singleSignOn:actions.verify')}
            </Button>
          )}
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={removeIt} sx={touch}>
            {t('singleSignOn:actions.remove')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function DomainsSection() {
  const { t } = useT();
  const list = useDomains();
  const claim = useClaimDomain();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const domains = list.data?.domains ?? [];
  // Claim, disabled while it sends, drops the keyboard's focus: the field gets it, with its error or empty for the next.
  useFocusReturnOnClose(claim.isPending, field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(t('singleSignOn:claim.required'));
      return;
    }
    try {
      const answer = await claim.mutateAsync(value);
      setValue('');
      setError(null);
      notify.success(t('singleSignOn:notices.claimed', { domain: answer.domain.domain }));
    } catch (err) {
      setError(domainErrorMessage(err, 'singleSignOn:errors.claim'));
    }
  };

  return (
    <TitledSection
      id="sso-domains"
      title={t('singleSignOn:domains.title')}
      intro={t('singleSignOn:domains.intro', { minutes: DOMAIN_RECHECK_MINUTES, days: DOMAIN_RECHECK_DAYS })}
    >
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          inputRef={field}
          label={t('singleSignOn:claim.label')}
          placeholder="acme.example"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? t('singleSignOn:claim.help')}
          autoComplete="off"
          spellCheck={false}
          slotProps={{ htmlInput: { autoCapitalize: 'none' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit" variant="contained" disabled={claim.isPending} sx={{ ...touch, mt: { sm: 1 } }}>
          {t('singleSignOn:claim.submit')}
        </Button>
      </Stack>

      {listPlaceholder(list, domains.length === 0, { failedKey: 'singleSignOn:errors.load', empty: t('singleSignOn:domains.empty') })}
      {domains.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label={t('singleSignOn:domains.list')} sx={{ p: 0, m: 0 }}>
          {domains.map((domain) => (
            <DomainItem key={domain.id} domain={domain} onRemoved={() => field.current} />
          ))}
        </Stack>
      )}
    </TitledSection>
  );
}
