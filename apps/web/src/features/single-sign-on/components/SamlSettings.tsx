/**
 * A SAML connection's two sides on its card (docs/product.md, "Single sign-on connections"):
 * ours, to give the identity provider (entity ID, ACS URL, our metadata to copy or download),
 * and the identity provider's, from its metadata (uploaded as a file or read from a URL, read
 * again every day; a failed read says why), with the certificates it may sign with, several
 * during a rollover, each with its expiry: one within 30 days of its end is a warning above.
 */
import type { SamlCertificateView, SamlSettingsView } from '@console/contracts/sso-connections';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAddSamlCertificate, useRemoveSamlCertificate, useSetSamlMetadata } from '../api';
import { FieldDialog } from './FieldDialog';

/** A value to give the identity provider, with its copy button; long URLs wrap on a phone. */
function Copyable({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <Box>
      <Typography color="textSecondary">{label}</Typography>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography component="code" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', minWidth: 0 }}>
          {value}
        </Typography>
        <CopyButton value={value} label={copyLabel} />
      </Stack>
    </Box>
  );
}

export function SamlSettings({ id, saml, configured }: { id: string; saml: SamlSettingsView; configured: boolean }) {
  const { t } = useT();
  const [dialog, setDialog] = useState<'metadata' | 'certificate' | null>(null);
  const addCertificate = useAddSamlCertificate();
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h4">
        {t('ssoConnections:spTitle')}
      </Typography>
      <Copyable label={t('ssoConnections:spEntityId')} value={saml.spEntityId} copyLabel={t('ssoConnections:copySpEntityId')} />
      <Copyable label={t('ssoConnections:acsUrl')} value={saml.acsUrl} copyLabel={t('ssoConnections:copyAcsUrl')} />
      <Copyable label={t('ssoConnections:spMetadataUrl')} value={saml.spMetadataUrl} copyLabel={t('ssoConnections:copySpMetadataUrl')} />
      <Box>
        <Button href={saml.spMetadataUrl} download="service-provider-metadata.xml">
          {t('ssoConnections:downloadMetadata')}
        </Button>
      </Box>

      <Typography variant="subtitle2" component="h4">
        {t('ssoConnections:idpTitle')}
      </Typography>
      {!configured && <Alert severity="info">{t('ssoConnections:samlNotConfigured')}</Alert>}
      {saml.metadataFailedAt && (
        <Alert severity="warning">
          {t('ssoConnections:metadataFailed', { at: formatDateTime(saml.metadataFailedAt), error: saml.metadataError ?? '' })}
        </Alert>
      )}
      {saml.wantsSignedRequests && <Alert severity="warning">{t('ssoConnections:wantsSignedRequests')}</Alert>}
      <ExpiryNotices certificates={saml.certificates} />
      {saml.idpEntityId && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
          <Typography color="textSecondary">{t('ssoConnections:idpEntityId')}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{saml.idpEntityId}</Typography>
          <Typography color="textSecondary">{t('ssoConnections:ssoUrl')}</Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{saml.ssoUrl}</Typography>
          {saml.metadataUrl && (
            <>
              <Typography color="textSecondary">{t('ssoConnections:metadataUrl')}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{saml.metadataUrl}</Typography>
            </>
          )}
        </Box>
      )}
      {saml.metadataAt && (
        <Typography variant="body2">{t('ssoConnections:metadataAt', { at: formatDateTime(saml.metadataAt) })}</Typography>
      )}
      {saml.certificates.length > 0 && <Certificates id={id} certificates={saml.certificates} />}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => setDialog('metadata')}>
          {t('ssoConnections:setMetadata')}
        </Button>
        {configured && <Button onClick={() => setDialog('certificate')}>{t('ssoConnections:addCertificate')}</Button>}
      </Stack>
      {dialog === 'metadata' && <MetadataDialog id={id} current={saml.metadataUrl} onClose={() => setDialog(null)} />}
      {dialog === 'certificate' && (
        // A certificate the identity provider will sign with next, trusted beside the others.
        <FieldDialog
          title={t('ssoConnections:addCertificate')}
          field={{
            label: t('ssoConnections:certificatePem'),
            helperText: t('ssoConnections:certificateHint'),
            multiline: true,
            minRows: 6,
            slotProps: { htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } },
          }}
          send={(certificate) => addCertificate.mutateAsync({ id, certificate })}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/**
 * A certificate that expires within 30 days or has expired, said where the admin looks first:
 * which one (its SHA-256 fingerprint, as the identity provider's screen shows it), when, and
 * what to do before sign-ins signed with the identity provider's next certificate are refused.
 * The admins are e-mailed too, at 30 days and at 7.
 */
function ExpiryNotices({ certificates }: { certificates: SamlCertificateView[] }) {
  const { t } = useT();
  return certificates
    .filter((c) => c.expiry !== 'valid')
    .map((c) => (
      <Alert key={c.fingerprint} severity={c.expiry === 'expired' ? 'error' : 'warning'} sx={{ overflowWrap: 'anywhere' }}>
        {t(c.expiry === 'expired' ? 'ssoConnections:certExpiredNotice' : 'ssoConnections:certExpiringNotice', {
          fingerprint: c.fingerprint,
          date: formatDateTime(c.notAfter),
        })}
      </Alert>
    ));
}

function Certificates({ id, certificates }: { id: string; certificates: SamlCertificateView[] }) {
  const { t } = useT();
  const confirm = useConfirm();
  const remove = useRemoveSamlCertificate();
  const drop = async (fingerprint: string) => {
    if (
      !(await confirm({
        title: t('ssoConnections:removeCertificateTitle'),
        text: t('ssoConnections:removeCertificateText'),
        confirmLabel: t('ssoConnections:removeCertificateConfirm'),
        destructive: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync({ id, fingerprint });
    } catch (err) {
      notify.error(errorMessage(err, 'ssoConnections:saveFailed'));
    }
  };
  return (
    <Box>
      <Typography color="textSecondary" id={`saml-certificates-${id}`}>
        {t('ssoConnections:certificates')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }} aria-labelledby={`saml-certificates-${id}`}>
        {certificates.map((c) => (
          <li key={c.fingerprint}>
            <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {c.fingerprint}
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  {c.subject} · {t(c.source === 'metadata' ? 'ssoConnections:certSourceMetadata' : 'ssoConnections:certSourceManual')} ·{' '}
                  {t('ssoConnections:certificateValid', { date: formatDateTime(c.notAfter) })}
                </Typography>
                {c.expiry !== 'valid' && (
                  <Typography variant="body2" color={c.expiry === 'expired' ? 'error' : 'warning.main'}>
                    {t(c.expiry === 'expired' ? 'ssoConnections:certExpired' : 'ssoConnections:certExpiresSoon')}
                  </Typography>
                )}
              </Box>
              {certificates.length > 1 && (
                <IconButton
                  aria-label={t('ssoConnections:removeCertificate', { fingerprint: c.fingerprint })}
                  onClick={() => drop(c.fingerprint)}
                  disabled={remove.isPending}
                >
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The identity provider's metadata: an XML file read in the browser and sent, or a URL the console reads (and reads again every day). */
function MetadataDialog({ id, current, onClose }: { id: string; current: string | null; onClose: () => void }) {
  const { t } = useT();
  const setMetadata = useSetSamlMetadata();
  const [source, setSource] = useState<'upload' | 'url'>(current ? 'url' : 'upload');
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; xml: string } | null>(null);
  const [url, setUrl] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    setProblem(null);
    try {
      await setMetadata.mutateAsync({ id, body: source === 'upload' ? { source, xml: file?.xml ?? '' } : { source, url } });
      notify.success(t('ssoConnections:metadataSaved'));
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'ssoConnections:saveFailed'));
    }
  };
  const ready = source === 'upload' ? file !== null : url.trim() !== '';
  return (
    <AppDialog
      open
      title={t('ssoConnections:metadataTitle')}
      onClose={onClose}
      onSave={save}
      saveDisabled={!ready || setMetadata.isPending}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <RadioGroup
          value={source}
          onChange={(e) => setSource(e.target.value as 'upload' | 'url')}
          aria-label={t('ssoConnections:metadataTitle')}
        >
          <FormControlLabel value="upload" control={<Radio />} label={t('ssoConnections:metadataUpload')} />
          <FormControlLabel value="url" control={<Radio />} label={t('ssoConnections:metadataFromUrl')} />
        </RadioGroup>
        {source === 'upload' ? (
          <Box>
            {/* A button that opens the file picker: a label styled as one would not be reached by the keyboard. */}
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {t('ssoConnections:chooseFile')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                if (chosen) setFile({ name: chosen.name, xml: await chosen.text() });
              }}
            />
            {file && (
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} role="status">
                {t('ssoConnections:fileChosen', { name: file.name })}
              </Typography>
            )}
          </Box>
        ) : (
          <TextField
            label={t('ssoConnections:metadataUrl')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            helperText={t('ssoConnections:metadataUrlHint')}
            inputMode="url"
            required
            fullWidth
            autoFocus
          />
        )}
      </Stack>
    </AppDialog>
  );
}
