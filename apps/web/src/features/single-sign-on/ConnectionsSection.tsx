/**
 * The organization's single sign-on connections (docs/product.md, "Single sign-on"): add or
 * change an OpenID Connect connection (its client secret is sent once and never shown
 * again) or a SAML one (its identity provider's metadata and certificates: SamlSettings),
 * enable or disable it, delete it after a confirmation, read its refused sign-ins, and test
 * it: a real sign-in in a new tab that opens no session and comes back here (`?test={id}`)
 * to show what arrived, or why it was refused. Each connection shows what to register at the
 * identity provider, with copy buttons.
 */
import type { SsoConnectionKind, SsoConnectionView, SsoJitRole } from '@console/contracts/sso-connections';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t';
import { CopyButton } from '../../lib/copy';
import { AppDialog } from '../../lib/dialogs/AppDialog';
import { useConfirm } from '../../lib/dialogs/confirm';
import { useFocusReturnOnClose } from '../../lib/dialogs/focus';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import {
  startTest,
  useCreateConnection,
  useDeleteConnection,
  useRefusals,
  useRotateSecret,
  useSsoConnections,
  useTestResult,
  useUpdateConnection,
} from './api';
import { ConnectionFacts } from './components/ConnectionFacts';
import { FieldDialog } from './components/FieldDialog';
import { SamlSettings } from './components/SamlSettings';

const JIT_ROLES: SsoJitRole[] = ['viewer', 'publisher', 'workspace_admin'];

export function ConnectionsSection() {
  const { t } = useT();
  const connections = useSsoConnections();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<SsoConnectionView | SsoConnectionKind | null>(null);
  const tested = params.get('test');

  return (
    <Stack spacing={2} component="section" aria-labelledby="sso-connections-title">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" id="sso-connections-title">
          {t('ssoConnections:title')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setEditing('oidc')}>
            {t('ssoConnections:add')}
          </Button>
          <Button variant="outlined" onClick={() => setEditing('saml')}>
            {t('ssoConnections:addSaml')}
          </Button>
        </Stack>
      </Stack>
      <Typography color="textSecondary">{t('ssoConnections:intro')}</Typography>
      {tested && (
        <TestResult
          id={tested}
          onClose={() => {
            params.delete('test');
            setParams(params, { replace: true });
          }}
        />
      )}
      {connections.isError && <Alert severity="error">{errorMessage(connections.error, 'ssoConnections:loadFailed')}</Alert>}
      {connections.data?.connections.length === 0 && <Typography>{t('ssoConnections:none')}</Typography>}
      {connections.data?.connections.map((c) => (
        <ConnectionCard key={c.id} connection={c} onEdit={() => setEditing(c)} />
      ))}
      {editing && (
        <ConnectionDialog
          connection={typeof editing === 'string' ? null : editing}
          kind={typeof editing === 'string' ? editing : editing.kind}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ConnectionCard({ connection: c, onEdit }: { connection: SsoConnectionView; onEdit: () => void }) {
  const { t } = useT();
  const confirm = useConfirm();
  const update = useUpdateConnection();
  // The switch, disabled while it saves, drops the keyboard's focus: it gets it back once saved.
  const enabledSwitch = useRef<HTMLInputElement>(null);
  useFocusReturnOnClose(update.isPending, enabledSwitch);
  const remove = useDeleteConnection();
  const [showRefusals, setShowRefusals] = useState(false);
  const [rotating, setRotating] = useState(false);

  const toggle = async () => {
    try {
      await update.mutateAsync({ id: c.id, enabled: !c.enabled });
    } catch (err) {
      notify.error(errorMessage(err, 'ssoConnections:saveFailed'));
    }
  };
  const test = async () => {
    // Opened at the click, so no pop-up blocker stops it; its address follows the answer.
    const tab = window.open('', '_blank');
    try {
      const { url } = await startTest(c.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (err) {
      tab?.close();
      notify.error(errorMessage(err, 'ssoConnections:testFailed'));
    }
  };
  const del = async () => {
    if (
      !(await confirm({
        title: t('ssoConnections:deleteTitle', { name: c.name }),
        text: t('ssoConnections:deleteText'),
        confirmLabel: t('ssoConnections:delete'),
        destructive: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync(c.id);
    } catch (err) {
      notify.error(errorMessage(err, 'ssoConnections:saveFailed'));
    }
  };

  const titleId = `sso-connection-${c.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {c.name}
            </Typography>
            <FormControlLabel
              control={
                <Switch slotProps={{ input: { ref: enabledSwitch } }} checked={c.enabled} onChange={toggle} disabled={update.isPending} />
              }
              label={c.enabled ? t('ssoConnections:enabled') : t('ssoConnections:disabled')}
            />
          </Stack>
          <ConnectionFacts connection={c} />
          {c.kind === 'oidc' && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}>
              <Typography color="textSecondary">{t('ssoConnections:issuer')}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{c.issuer}</Typography>
              <Typography color="textSecondary">{t('ssoConnections:clientId')}</Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{c.clientId}</Typography>
              <Typography color="textSecondary">{t('ssoConnections:clientSecret')}</Typography>
              <Typography>{t('ssoConnections:secretEnding', { last4: c.clientSecretLast4 ?? '' })}</Typography>
            </Box>
          )}
          {c.kind === 'oidc' && (
            <Box>
              <Typography color="textSecondary">{t('ssoConnections:callbackUrl')}</Typography>
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography component="code" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                  {c.callbackUrl}
                </Typography>
                <CopyButton value={c.callbackUrl} label={t('ssoConnections:copyCallbackUrl')} />
              </Stack>
            </Box>
          )}
          {c.saml && <SamlSettings id={c.id} saml={c.saml} configured={c.samlConfigured} />}
          <Typography>
            {c.jit ? t('ssoConnections:jitOn', { role: t(`ssoConnections:roles.${c.jitRole}`) }) : t('ssoConnections:jitOff')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={onEdit}>{t('ssoConnections:edit')}</Button>
            {(c.kind === 'oidc' || c.samlConfigured) && <Button onClick={test}>{t('ssoConnections:test')}</Button>}
            {c.kind === 'oidc' && <Button onClick={() => setRotating(true)}>{t('ssoConnections:rotate')}</Button>}
            <Button onClick={() => setShowRefusals((v) => !v)} aria-expanded={showRefusals}>
              {t('ssoConnections:refusals')}
            </Button>
            <Button color="error" onClick={del}>
              {t('ssoConnections:delete')}
            </Button>
          </Stack>
          {showRefusals && <Refusals id={c.id} />}
        </Stack>
      </CardContent>
      {rotating && <RotateDialog id={c.id} onClose={() => setRotating(false)} />}
    </Card>
  );
}

function Refusals({ id }: { id: string }) {
  const { t } = useT();
  const refusals = useRefusals(id);
  if (!refusals.data) return null;
  if (refusals.data.refusals.length === 0) return <Typography>{t('ssoConnections:noRefusals')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label={t('ssoConnections:refusals')}>
      {refusals.data.refusals.map((r) => (
        <li key={`${r.at}-${r.reasonCode}`}>
          <Typography variant="body2">
            <time dateTime={r.at}>{formatDateTime(r.at)}</time> — {t(`ssoConnections:reasons.${r.reasonCode}`)}{' '}
            <Box component="span" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              ({r.reason})
            </Box>
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function TestResult({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useT();
  const result = useTestResult(id);
  const test = result.data?.test;
  // The tab opened on this screen for the result, which sits below the domains: brought into view once it arrives.
  const shown = useCallback((alert: HTMLDivElement | null) => alert?.scrollIntoView?.({ block: 'center' }), []);
  if (!test) return null;
  return (
    <Alert ref={shown} severity={test.outcome === 'passed' ? 'success' : 'error'} onClose={onClose} role="status">
      <Stack spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>
          {test.outcome === 'passed' ? t('ssoConnections:testPassed') : t(`ssoConnections:reasons.${test.reasonCode ?? 'token_refused'}`)}
        </Typography>
        {test.reason && <Typography sx={{ overflowWrap: 'anywhere' }}>{test.reason}</Typography>}
        {test.profile && (
          <Typography>
            {t(test.profile.existing ? 'ssoConnections:testExisting' : 'ssoConnections:testWouldCreate', {
              email: test.profile.email,
              role: t(`ssoConnections:roles.${test.profile.role as SsoJitRole}`, { defaultValue: test.profile.role }),
            })}
          </Typography>
        )}
        {test.claims && (
          <Box
            component="pre"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13 }}
            aria-label={t('ssoConnections:claims')}
          >
            {JSON.stringify(test.claims, null, 2)}
          </Box>
        )}
      </Stack>
    </Alert>
  );
}

/** The client secret from the identity provider: typed, and never shown again once saved. */
function ClientSecretField({
  value,
  onChange,
  ...rest
}: { value: string; onChange: (value: string) => void } & Pick<TextFieldProps, 'margin' | 'required'>) {
  const { t } = useT();
  return (
    <TextField
      label={t('ssoConnections:clientSecret')}
      type="password"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('ssoConnections:secretHint')}
      fullWidth
      {...rest}
    />
  );
}

function RotateDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useT();
  const rotate = useRotateSecret();
  return (
    <FieldDialog
      title={t('ssoConnections:rotate')}
      field={{
        label: t('ssoConnections:clientSecret'),
        type: 'password',
        autoComplete: 'off',
        helperText: t('ssoConnections:secretHint'),
        margin: 'dense',
      }}
      send={async (clientSecret) => {
        await rotate.mutateAsync({ id, clientSecret });
        notify.success(t('ssoConnections:rotated'));
      }}
      onClose={onClose}
    />
  );
}

/** Adding a connection of either kind, or changing one (an OpenID Connect secret changes apart; SAML's identity provider in SamlSettings). */
function ConnectionDialog({
  connection,
  kind,
  onClose,
}: {
  connection: SsoConnectionView | null;
  kind: SsoConnectionKind;
  onClose: () => void;
}) {
  const { t } = useT();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const [name, setName] = useState(connection?.name ?? '');
  const [issuer, setIssuer] = useState(connection?.issuer ?? '');
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [jit, setJit] = useState(connection?.jit ?? false);
  const [jitRole, setJitRole] = useState<SsoJitRole>(connection?.jitRole ?? 'viewer');
  const [idpInitiated, setIdpInitiated] = useState(connection?.saml?.idpInitiated ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const oidc = kind === 'oidc';

  const save = async () => {
    setProblem(null);
    try {
      if (connection) {
        await update.mutateAsync({
          id: connection.id,
          name,
          jit,
          jitRole,
          ...(oidc ? { issuer, clientId } : { samlIdpInitiated: idpInitiated }),
        });
      } else if (oidc) {
        await create.mutateAsync({ kind: 'oidc', name, issuer, clientId, clientSecret, jit, jitRole });
      } else {
        await create.mutateAsync({ kind: 'saml', name, jit, jitRole });
      }
      onClose();
    } catch (err) {
      setProblem(errorMessage(err, 'ssoConnections:saveFailed'));
    }
  };

  const incomplete =
    name.trim() === '' || (oidc && (issuer.trim() === '' || clientId.trim() === '' || (!connection && clientSecret === '')));
  return (
    <AppDialog
      open
      title={connection ? t('ssoConnections:editTitle') : t(oidc ? 'ssoConnections:addTitle' : 'ssoConnections:addSamlTitle')}
      onClose={onClose}
      onSave={save}
      saveDisabled={incomplete || create.isPending || update.isPending}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {problem && <Alert severity="error">{problem}</Alert>}
        <TextField label={t('ssoConnections:name')} value={name} onChange={(e) => setName(e.target.value)} required fullWidth autoFocus />
        {oidc && (
          <>
            <TextField
              label={t('ssoConnections:issuer')}
              value={issuer}
              onChange={(e) => setIssuer(e.target.value)}
              helperText={t('ssoConnections:issuerHint')}
              required
              fullWidth
              inputMode="url"
            />
            <TextField
              label={t('ssoConnections:clientId')}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              required
              fullWidth
            />
            {!connection && <ClientSecretField value={clientSecret} onChange={setClientSecret} required />}
          </>
        )}
        {connection && !oidc && (
          <Box>
            <FormControlLabel
              control={<Switch checked={idpInitiated} onChange={(e) => setIdpInitiated(e.target.checked)} />}
              label={t('ssoConnections:idpInitiated')}
            />
            <Typography variant="body2" color="textSecondary">
              {t('ssoConnections:idpInitiatedHint')}
            </Typography>
          </Box>
        )}
        <FormControlLabel control={<Switch checked={jit} onChange={(e) => setJit(e.target.checked)} />} label={t('ssoConnections:jit')} />
        <TextField
          select
          label={t('ssoConnections:jitRole')}
          value={jitRole}
          onChange={(e) => setJitRole(e.target.value as SsoJitRole)}
          helperText={t('ssoConnections:jitRoleHint')}
          fullWidth
        >
          {JIT_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`ssoConnections:roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </AppDialog>
  );
}
