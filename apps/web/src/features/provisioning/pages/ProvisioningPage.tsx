/**
 * /provisioning: SCIM 2.0 provisioning of the organization (docs/product.md, "Provisioning"):
 * the base URL and tokens to give the identity provider, each named by the admin when made (a
 * new token's dialog repeats the base URL, which it would otherwise cover), Okta's and Entra
 * ID's set-up steps, what new users get, whether it may change Organizational Admins, and what
 * provisioning did. Once a new token's one-time dialog closes, the focus goes to that token's
 * row (the dialog that named it has gone), as a new access key's does.
 */
import { type ProvisioningConfig, SCIM_TOKENS_MAX, type ScimTokenView } from '@console/contracts/provisioning';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { LoadMore } from '../../../lib/LoadMore';
import { EmptyState, listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { pagedItems } from '../../../lib/paged-query';
import { RevealSecretDialog } from '../../../lib/secrets/RevealSecretDialog';
import { RollSecretDialog } from '../../../lib/secrets/RollSecretDialog';
import {
  useCreateScimToken,
  useProvisioning,
  useRenameScimToken,
  useRevokeScimToken,
  useRollScimToken,
  useScimEvents,
  useUpdateManagesAdmins,
  useUpdateProvisioningConfig,
} from '../api/provisioning';
import { AdminsSetting } from '../components/AdminsSetting';
import { DefaultsForm } from '../components/DefaultsForm';
import { EventsTable } from '../components/EventsTable';
import { IdentityProviderSetup } from '../components/IdentityProviderSetup';
import { ProvisioningSection } from '../components/ProvisioningSection';
import { TokenNameDialog } from '../components/TokenNameDialog';
import { TokensTable } from '../components/TokensTable';

/** The defaults of new users only: the admins setting is saved on its own. */
const defaultsOf = ({ defaultRole, defaultWorkspaceIds, sendInvitations }: ProvisioningConfig): ProvisioningConfig => ({
  defaultRole,
  defaultWorkspaceIds,
  sendInvitations,
});

export function Component() {
  const { t } = useT();
  const confirm = useConfirm();
  const state = useProvisioning();
  const events = useScimEvents();
  const create = useCreateScimToken();
  const roll = useRollScimToken();
  const revoke = useRevokeScimToken();
  const rename = useRenameScimToken();
  const saveConfig = useUpdateProvisioningConfig();
  const saveManagesAdmins = useUpdateManagesAdmins();
  /** The secret to reveal, with the name of its token, which stays in the title while the dialog fades out. */
  const [revealed, setRevealed] = useState<{ name: string; secret: string | null } | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ScimTokenView | null>(null);
  const [rolling, setRolling] = useState<ScimTokenView | null>(null);
  const newTokenButton = useRef<HTMLButtonElement>(null);
  /** The token whose secret is shown, when it is a new one: its row takes the focus after. */
  const createdId = useRef<string | undefined>(undefined);

  const data = state.data;
  const atLimit = (data?.tokens.length ?? 0) >= SCIM_TOKENS_MAX;
  const { items: eventRows, total } = pagedItems(events.data, (page) => page.events);

  /** Made with its name; the dialog stays open, with the name typed, when the server refuses it. */
  async function onCreate(name: string) {
    const made = await create.mutateAsync({ name });
    setCreating(false);
    notify.success(t('provisioning:notices.created', { name: made.token.name }));
    createdId.current = made.token.id;
    setRevealed({ name: made.token.name, secret: made.secret });
  }

  async function onRename(token: ScimTokenView, name: string) {
    await rename.mutateAsync({ id: token.id, name });
    setRenaming(null);
    notify.success(t('provisioning:notices.renamed', { name }));
  }

  async function onRevoke(token: ScimTokenView) {
    const yes = await confirm({
      title: t('provisioning:tokens.revokeTitle', { name: token.name }),
      text: t('provisioning:tokens.revokeText'),
      confirmLabel: t('provisioning:tokens.revoke'),
      typeToConfirm: token.name,
    });
    if (!yes) return;
    try {
      await revoke.mutateAsync(token.id);
      notify.success(t('provisioning:notices.revoked', { name: token.name }));
    } catch (err) {
      notify.error(errorMessage(err, 'provisioning:errors.revoke'));
    }
  }

  return (
    <>
      <PageHeader title={t('titles.provisioning')} intro={t('provisioning:intro')} />

      {listPlaceholder(state, false, { failedKey: 'provisioning:errors.load', empty: '' })}

      {data && (
        <>
          <ProvisioningSection title={t('provisioning:connection.title')}>
            <Typography variant="body2" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
              {t('provisioning:connection.baseUrl')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
              <Box
                component="code"
                data-testid="scim-base-url"
                sx={{
                  flex: 1,
                  minWidth: 0,
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  fontFamily: 'monospace',
                  overflowWrap: 'anywhere',
                }}
              >
                {data.baseUrl}
              </Box>
              <CopyButton value={data.baseUrl} label={t('provisioning:connection.copyUrl')} />
            </Stack>
            <Typography variant="body2" color="textSecondary">
              {data.lastCallAt
                ? t('provisioning:connection.lastCall', { date: formatDateTime(data.lastCallAt) })
                : t('provisioning:connection.noCall')}
            </Typography>
          </ProvisioningSection>

          <ProvisioningSection
            title={t('provisioning:tokens.title')}
            actions={
              <Button ref={newTokenButton} variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={atLimit}>
                {t('provisioning:tokens.create')}
              </Button>
            }
          >
            {atLimit && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('provisioning:tokens.limit', { max: SCIM_TOKENS_MAX })}
              </Alert>
            )}
            {data.tokens.length === 0 ? (
              <EmptyState text={t('provisioning:tokens.empty')} dense />
            ) : (
              <TokensTable tokens={data.tokens} onRename={setRenaming} onRoll={setRolling} onRevoke={onRevoke} />
            )}
          </ProvisioningSection>

          <ProvisioningSection title={t('provisioning:setup.title')} intro={t('provisioning:setup.intro')}>
            <IdentityProviderSetup />
          </ProvisioningSection>

          <ProvisioningSection title={t('provisioning:defaults.title')} intro={t('provisioning:defaults.intro')}>
            <DefaultsForm
              initial={defaultsOf(data.config)}
              workspaces={data.workspaces}
              onSave={(values) => saveConfig.mutateAsync(values)}
            />
          </ProvisioningSection>

          <ProvisioningSection title={t('provisioning:admins.title')} intro={t('provisioning:admins.intro')}>
            <AdminsSetting managesAdmins={data.config.managesAdmins} onChange={(value) => saveManagesAdmins.mutateAsync(value)} />
          </ProvisioningSection>
        </>
      )}

      <ProvisioningSection title={t('provisioning:events.title')}>
        {listPlaceholder(
          events,
          eventRows.length === 0,
          { failedKey: 'provisioning:errors.events', empty: t('provisioning:events.empty') },
          { dense: true },
        ) ?? <EventsTable events={eventRows} />}
        <LoadMore
          shown={eventRows.length}
          total={total}
          list={events}
          text={t('provisioning:events.shown', { count: eventRows.length, total })}
        />
      </ProvisioningSection>

      {creating && (
        <TokenNameDialog
          title={t('provisioning:tokens.createTitle')}
          intro={t('provisioning:tokens.createIntro')}
          saveLabel={t('provisioning:tokens.createSave')}
          failedKey="provisioning:errors.create"
          onSave={onCreate}
          onClose={() => setCreating(false)}
        />
      )}
      {renaming && (
        <TokenNameDialog
          title={t('provisioning:tokens.renameTitle', { name: renaming.name })}
          saveLabel={t('provisioning:tokens.renameSave')}
          initial={renaming.name}
          failedKey="provisioning:errors.rename"
          onSave={(name) => onRename(renaming, name)}
          onClose={() => setRenaming(null)}
        />
      )}
      <RollSecretDialog
        open={!!rolling}
        onClose={() => setRolling(null)}
        texts={{
          title: t('provisioning:tokens.rollTitle', { name: rolling?.name ?? '' }),
          explain: t('provisioning:tokens.rollKeepsName', { name: rolling?.name ?? '' }),
          grace: t('provisioning:tokens.rollGrace'),
          confirm: t('provisioning:tokens.rollConfirm'),
          period: (g) => t(`accessKeys:roll.periods.${g}`),
          rolled: t('provisioning:notices.rolled'),
          failedKey: 'provisioning:errors.roll',
        }}
        roll={async (gracePeriod) => (await roll.mutateAsync({ id: rolling!.id, gracePeriod })).secret}
        // The new token keeps the rolled one's name.
        onRolled={(secret) => {
          createdId.current = undefined;
          setRevealed({ name: rolling?.name ?? '', secret });
        }}
      />
      <RevealSecretDialog
        secret={revealed?.secret ?? null}
        onClose={() => setRevealed((shown) => shown && { ...shown, secret: null })}
        texts={{
          title: t('provisioning:tokens.revealTitle', { name: revealed?.name ?? '' }),
          once: t('provisioning:tokens.revealOnce'),
          how: t('provisioning:tokens.revealHow'),
          copy: t('provisioning:tokens.copy'),
          done: t('provisioning:tokens.done'),
        }}
        companion={data && { label: t('provisioning:connection.baseUrl'), value: data.baseUrl, copy: t('provisioning:connection.copyUrl') }}
        returnFocusTo={() => newTokenRow(createdId.current) ?? (createdId.current ? newTokenButton.current : undefined)}
      />
    </>
  );
}

/** The row of the token just made, once the list shows it. */
function newTokenRow(id: string | undefined): HTMLElement | null {
  if (!id) return null;
  return Array.from(document.querySelectorAll<HTMLElement>('[data-token-id]')).find((row) => row.dataset.tokenId === id) ?? null;
}
