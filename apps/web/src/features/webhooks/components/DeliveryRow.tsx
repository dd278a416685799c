/**
 * One delivery of the log: its event type, outcome, when it was made (the console's date format),
 * and on demand its attempts, each with its time, status code (or why there was none), duration
 * and, on demand again, the first 4 KB of the answer, beside the request the delivery sends. A failed
 * delivery can be retried.
 */
import {
  WEBHOOK_ADDRESS_NOT_ALLOWED,
  WEBHOOK_RESPONSE_BODY_MAX,
  type WebhookAttemptView,
  type WebhookDeliveryView,
} from '@console/contracts/webhooks';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { useDeliveryRequest } from '../api/webhooks';
import { canRetry, eventTypeLabel } from '../delivery-view';

const outcomeColors = { succeeded: 'success', failed: 'error', pending: 'default' } as const;

export function OutcomeChip({ outcome }: { outcome: WebhookDeliveryView['status'] }) {
  const { t } = useT();
  return <Chip size="small" variant="outlined" color={outcomeColors[outcome]} label={t(`webhooks:outcome.${outcome}`)} />;
}

/** A body as it travelled (an answer, a request): scrollable, focusable, words kept whole. */
function BodyBlock({ id, label, children }: { id: string; label: string; children: string }) {
  return (
    <Box
      id={id}
      component="pre"
      tabIndex={0}
      aria-label={label}
      sx={{
        m: 0,
        mt: 1,
        p: 1.5,
        maxHeight: 240,
        overflow: 'auto',
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: 12,
        // Words stay whole; only a run longer than the box (minified JSON, a token) breaks where it must.
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

/** JSON laid out to be read; anything else as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** What the delivery sends, the same at every attempt: read from the server when asked for. */
function SentRequest({ endpointId, delivery }: { endpointId: string; delivery: WebhookDeliveryView }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  const bodyId = useId();
  const request = useDeliveryRequest(endpointId, delivery.id, shown);
  return (
    <Box sx={{ pb: 1 }}>
      <Button size="small" aria-expanded={shown} aria-controls={bodyId} onClick={() => setShown((s) => !s)} sx={{ minHeight: 44, ml: -1 }}>
        {shown ? t('webhooks:log.hideRequest') : t('webhooks:log.showRequest')}
      </Button>
      {shown && request.isPending && <Typography variant="body2">{t('list.loading')}</Typography>}
      {shown && request.isError && (
        <Typography variant="body2" color="error">
          {t('webhooks:errors.loadRequest')}
        </Typography>
      )}
      {shown && request.data && request.data.body === null && (
        <Typography variant="body2" color="textSecondary">
          {t('webhooks:log.requestGone')}
        </Typography>
      )}
      {shown && request.data?.body != null && (
        <BodyBlock id={bodyId} label={t('webhooks:log.request')}>
          {readable(request.data.body)}
        </BodyBlock>
      )}
    </Box>
  );
}

function Attempt({ attempt, n }: { attempt: WebhookAttemptView; n: number }) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  const bodyId = useId();
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.25, sm: 2 }, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('webhooks:log.attempt', { n })}
        </Typography>
        <Typography variant="body2">{formatDateTime(attempt.at)}</Typography>
        <Typography variant="body2">
          {attempt.statusCode !== null ? t('webhooks:log.statusCode', { code: attempt.statusCode }) : t('webhooks:log.noAnswer')}
          {attempt.statusCode === null && attempt.error === WEBHOOK_ADDRESS_NOT_ALLOWED && (
            // The console's own refusal, said in the reader's language.
            <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
              {t('webhooks:log.addressNotAllowed')}
            </Box>
          )}
          {attempt.statusCode === null && attempt.error && attempt.error !== WEBHOOK_ADDRESS_NOT_ALLOWED && (
            // The transport's own words (a refused connection, a timeout): technical, as it came.
            <Box component="code" sx={{ ml: 1, fontFamily: 'monospace', fontSize: 12, color: 'text.secondary' }}>
              {attempt.error}
            </Box>
          )}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('webhooks:log.duration', { ms: attempt.durationMs })}
        </Typography>
        {attempt.responseBody !== null && (
          <Button
            size="small"
            aria-expanded={shown}
            aria-controls={bodyId}
            onClick={() => setShown((s) => !s)}
            // In the phone's column, under the attempt's facts on the left as its text is, not centred across the row.
            sx={{ minHeight: 44, alignSelf: { xs: 'flex-start', sm: 'auto' }, ml: { xs: -1, sm: 0 } }}
          >
            {shown ? t('webhooks:log.hideAnswer') : t('webhooks:log.showAnswer')}
          </Button>
        )}
      </Stack>
      {shown && attempt.responseBody !== null && (
        <BodyBlock id={bodyId} label={t('webhooks:log.answer', { n })}>
          {attempt.responseBody || t('webhooks:log.emptyAnswer')}
        </BodyBlock>
      )}
      {shown && (attempt.responseBody?.length ?? 0) >= WEBHOOK_RESPONSE_BODY_MAX && (
        // Kept to its first 4 KB: said where it is seen, not only to screen readers.
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          {t('webhooks:log.answerCut')}
        </Typography>
      )}
    </Box>
  );
}

export function DeliveryRow({
  delivery: d,
  endpointId,
  onRetry,
}: {
  delivery: WebhookDeliveryView;
  endpointId: string;
  onRetry: () => void;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const attemptsId = useId();
  const label = eventTypeLabel(t, d.eventType);
  return (
    <Box
      component="li"
      aria-label={label}
      data-outcome={d.status}
      sx={{ py: 1.5, px: { xs: 2, sm: 2 }, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1, alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <OutcomeChip outcome={d.status} />
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {label}{' '}
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 12, fontWeight: 400, color: 'text.secondary' }}>
              {d.eventType}
            </Box>
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatDateTime(d.createdAt)}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', ml: { xs: -1, md: 0 } }}>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={attemptsId}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            onClick={() => setOpen((o) => !o)}
            sx={{ minHeight: 44 }}
          >
            {t('webhooks:log.attempts', { count: d.attempts.length })}
          </Button>
          {canRetry(d) && (
            <Button size="small" startIcon={<ReplayIcon />} onClick={onRetry} sx={{ minHeight: 44 }}>
              {t('webhooks:log.retry')}
            </Button>
          )}
        </Stack>
      </Stack>
      {open && (
        <Box id={attemptsId} sx={{ mt: 1 }}>
          <SentRequest endpointId={endpointId} delivery={d} />
          {d.attempts.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t('webhooks:log.noAttempt')}
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, p: 0 }}>
              {d.attempts.map((a, i) => (
                <Attempt key={a.at + String(i)} attempt={a} n={i + 1} />
              ))}
            </Box>
          )}
          {d.nextAttemptAt && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              {t('webhooks:log.nextAttempt', { date: formatDateTime(d.nextAttemptAt) })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
