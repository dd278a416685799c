/**
 * Dashboard card: the organization's integrations at a glance, each part only when the
 * organization uses it (the server leaves out webhooks without an endpoint and provisioning
 * without a SCIM token or request), each leading to its screen. Webhooks: endpoints failing or
 * disabled, and how long the oldest delivery not yet made has waited; provisioning: the
 * identity provider's last call and last request, refused with its reason; the audit trail's
 * newest events, worded as the trail words them. Times read as how long ago, in the page's
 * language, the exact time on hover as the console writes dates.
 */
import type { EventView } from '@console/contracts/events';
import type { IntegrationHealth, ProvisioningHealth, WebhooksHealth } from '@console/contracts/integration-health';
import type { ScimEventView } from '@console/contracts/provisioning';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { eventSentence } from '../../features/audit-trail/event-sentence';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { DetailRow } from '../../lib/DetailRow';
import { formatDateTime } from '../../lib/format';
import { listPlaceholder } from '../../lib/list-placeholder';
import { paths } from '../../lib/paths';
import { formatDuration, formatTimeAgo } from '../../lib/time-ago';
import { useIntegrationHealth } from './integration-health';

/** Rows' labels beside their values from a phone's width up: short enough for the card's half of a wide screen. */
const LABEL_WIDTH = 140;

export default function IntegrationHealthCard() {
  const { t } = useT();
  const health = useIntegrationHealth();
  const placeholder = listPlaceholder(health, false, { failedKey: 'dashboard:health.failed', empty: '' }, { dense: true });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={t('dashboard:health.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{placeholder ?? (health.data && <HealthParts health={health.data} />)}</CardContent>
    </Card>
  );
}

function HealthParts({ health }: { health: IntegrationHealth }) {
  const { t } = useT();
  const { webhooks, provisioning, auditTrail } = health;
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {webhooks && <WebhooksPart webhooks={webhooks} />}
      {provisioning && <ProvisioningPart provisioning={provisioning} />}
      {auditTrail.events.length > 0 && <AuditTrailPart events={auditTrail.events} />}
      {!webhooks && !provisioning && (
        <Typography color="textSecondary" data-testid="health-unused">
          {t('dashboard:health.unused')}
        </Typography>
      )}
    </Stack>
  );
}

/** One part: its heading, its figures, and the way to its screen (a link, reached by Tab). */
function Part({ title, to, open, children }: { title: string; to: string; open: string; children: ReactNode }) {
  const { localize } = useLocale();
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading}>
      <Typography component="h3" variant="subtitle1" id={heading} sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
      <Button component={Link} to={localize(to)} sx={{ mt: 1, ml: -1 }}>
        {open}
      </Button>
    </Box>
  );
}

/** How long ago, the exact time (the console's date format) on hover and for machines. */
function Ago({ at }: { at: string }) {
  const { i18n } = useT();
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatTimeAgo(at, i18n.language)}
    </time>
  );
}

function WebhooksPart({ webhooks: w }: { webhooks: WebhooksHealth }) {
  const { t, i18n } = useT();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const attention = w.failing + w.disabled;
  const turnedOff = w.disabled - w.disabledForFailing;
  const details = [
    w.failing > 0 && t('dashboard:health.webhooks.failing', { n: n(w.failing) }),
    w.disabledForFailing > 0 && t('dashboard:health.webhooks.disabledForFailing', { n: n(w.disabledForFailing) }),
    turnedOff > 0 && t('dashboard:health.webhooks.turnedOff', { n: n(turnedOff) }),
  ].filter(Boolean);
  return (
    <Part title={t('titles.webhooks')} to={paths.webhooks()} open={t('dashboard:health.webhooks.open')}>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow label={t('dashboard:health.webhooks.endpoints')} labelWidth={LABEL_WIDTH} top>
          <Box component="span" sx={{ display: 'block' }} data-testid="health-endpoints">
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              {attention === 0 ? (
                <CheckCircleOutlinedIcon fontSize="small" color="success" aria-hidden />
              ) : (
                <ErrorOutlinedIcon fontSize="small" color="error" aria-hidden />
              )}
              {attention === 0
                ? t('dashboard:health.webhooks.allDelivering', { count: w.endpoints, n: n(w.endpoints) })
                : t('dashboard:health.webhooks.needAttention', { count: attention, bad: n(attention), n: n(w.endpoints) })}
            </Box>
            {details.length > 0 && (
              <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
                {details.join(' · ')}
              </Typography>
            )}
          </Box>
        </DetailRow>
        <DetailRow label={t('dashboard:health.webhooks.oldestWaiting')} labelWidth={LABEL_WIDTH}>
          {w.oldestWaitingSince ? (
            <time dateTime={w.oldestWaitingSince} title={formatDateTime(w.oldestWaitingSince)}>
              {formatDuration(Date.now() - Date.parse(w.oldestWaitingSince), i18n.language)}
            </time>
          ) : (
            t('dashboard:health.webhooks.nothingWaiting')
          )}
        </DetailRow>
      </Stack>
    </Part>
  );
}

// As the Provisioning screen's events: only green and red carry a colour (outlined warning and info miss WCAG's contrast on white).
const kindColour = { created: 'success', refused: 'error' } as const;

/** A SCIM request: what it did to which user or group, its method and answer, when, and why it was refused. */
function ScimRequest({ event }: { event: ScimEventView }) {
  const { t } = useT();
  const resource = [t(`provisioning:events.types.${event.resourceType}`), event.resourceName].filter(Boolean).join(' ');
  return (
    <Box component="span" sx={{ display: 'block', minWidth: 0 }} data-testid="health-scim-request">
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        <Chip
          size="small"
          variant="outlined"
          color={kindColour[event.kind as keyof typeof kindColour] ?? 'default'}
          label={t(`provisioning:events.kinds.${event.kind}`)}
        />
        <span>{resource}</span>
      </Box>
      <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {event.method} {event.status}
        </Box>{' '}
        · <Ago at={event.at} />
      </Typography>
      {event.reason && (
        <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
          {event.reason}
        </Typography>
      )}
    </Box>
  );
}

function ProvisioningPart({ provisioning: p }: { provisioning: ProvisioningHealth }) {
  const { t } = useT();
  return (
    <Part title={t('titles.provisioning')} to={paths.provisioning()} open={t('dashboard:health.provisioning.open')}>
      <Stack component="dl" sx={{ m: 0 }}>
        <DetailRow label={t('dashboard:health.provisioning.lastCall')} labelWidth={LABEL_WIDTH}>
          {p.lastCallAt ? <Ago at={p.lastCallAt} /> : t('dashboard:health.provisioning.noCall')}
        </DetailRow>
        <DetailRow label={t('dashboard:health.provisioning.lastRequest')} labelWidth={LABEL_WIDTH} top>
          {p.lastEvent ? <ScimRequest event={p.lastEvent} /> : t('dashboard:health.provisioning.noRequest')}
        </DetailRow>
      </Stack>
    </Part>
  );
}

function AuditTrailPart({ events }: { events: EventView[] }) {
  const { t } = useT();
  return (
    <Part title={t('titles.auditTrail')} to={paths.auditTrail()} open={t('dashboard:health.auditTrail.open')}>
      <List dense disablePadding aria-label={t('dashboard:health.auditTrail.label')}>
        {events.map((event) => (
          <ListItem key={event.id} disableGutters>
            <ListItemText primary={eventSentence(t, event)} secondary={<Ago at={event.occurredAt} />} sx={{ overflowWrap: 'anywhere' }} />
          </ListItem>
        ))}
      </List>
    </Part>
  );
}
