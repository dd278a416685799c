/**
 * Add or edit an endpoint: its https address (checked here before sending, webhook-url.ts),
 * a description, and the event types it receives: all of them, or those chosen from the events
 * list grouped by area as the audit trail's filter groups them. Saving with errors shows the red
 * notice; a refusal of the server is shown in the user's language from its code.
 */
import type { EventAction } from '@console/contracts/events';
import { type CreateWebhookInput, WEBHOOK_ALL_EVENTS, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '@console/contracts/webhooks';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';
import { ActionSelect } from '../../../lib/events/ActionSelect';
import { notify } from '../../../lib/notify';
import { refusedUrlReason, webhookErrorMessage } from '../webhook-error';
import { webhookUrlProblem } from '../webhook-url';

export interface EndpointFormValues {
  url: string;
  description: string;
  events: 'all' | 'chosen';
  eventTypes: EventAction[];
}

/** What the server is sent: `all` when every type is wanted, else the chosen ones. */
export function endpointBody(values: EndpointFormValues): Required<Omit<CreateWebhookInput, 'enabled'>> {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    eventTypes: values.events === 'all' ? WEBHOOK_ALL_EVENTS : values.eventTypes,
  };
}

export function EndpointDialog({
  open,
  title,
  submitLabel,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: EndpointFormValues;
  onClose: () => void;
  onSubmit: (body: ReturnType<typeof endpointBody>) => Promise<unknown>;
}) {
  const { t } = useT();
  const formId = useId();
  const eventsLabel = useId();
  const form = useForm<EndpointFormValues>({
    defaultValues: initial ?? { url: '', description: '', events: 'all', eventTypes: [] },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const events = form.watch('events');

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(endpointBody(values));
      } catch (err) {
        const message = webhookErrorMessage(err, 'webhooks:errors.save');
        // A refused address is the URL field's problem: said there too, where it is fixed.
        if (refusedUrlReason(err)) form.setError('url', { message }, { shouldFocus: true });
        notify.error(message);
      }
    },
    () => notify.formErrors(t('webhooks:form.hasErrors')),
  );

  return (
    <AppDialog
      open={open}
      size="details"
      title={title}
      onClose={onClose}
      onSave={() => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit()}
      saveLabel={submitLabel}
      saveDisabled={isSubmitting}
    >
      <Box component="form" id={formId} noValidate onSubmit={submit} aria-label={title} sx={{ pt: 1 }}>
        <Stack spacing={2.5}>
          <TextField
            {...form.register('url', {
              validate: (value) => {
                const problem = webhookUrlProblem(value);
                return problem ? t(`webhooks:urlProblems.${problem}`) : undefined;
              },
            })}
            label={t('webhooks:form.url')}
            type="url"
            inputMode="url"
            required
            fullWidth
            autoComplete="off"
            error={!!errors.url}
            helperText={errors.url?.message ?? t('webhooks:form.urlHint')}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <TextField
            {...form.register('description', {
              maxLength: { value: WEBHOOK_DESCRIPTION_MAX, message: t('validation.tooLong', { max: WEBHOOK_DESCRIPTION_MAX }) },
            })}
            label={t('webhooks:form.description')}
            fullWidth
            multiline
            minRows={2}
            error={!!errors.description}
            helperText={errors.description?.message ?? t('webhooks:form.descriptionHint')}
          />
          <FormControl>
            <FormLabel id={eventsLabel}>{t('webhooks:form.events')}</FormLabel>
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <RadioGroup aria-labelledby={eventsLabel} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="all" control={<Radio />} label={t('webhooks:form.allEvents')} />
                  <FormControlLabel value="chosen" control={<Radio />} label={t('webhooks:form.chosenEvents')} />
                </RadioGroup>
              )}
            />
          </FormControl>
          {events === 'chosen' && (
            <Controller
              control={form.control}
              name="eventTypes"
              rules={{ validate: (chosen) => (chosen.length > 0 ? undefined : t('webhooks:form.noEventChosen')) }}
              render={({ field }) => (
                <ActionSelect
                  value={field.value}
                  onChange={(chosen) => {
                    field.onChange(chosen);
                    if (chosen.length > 0) form.clearErrors('eventTypes');
                  }}
                  label={t('webhooks:form.eventTypes')}
                  emptyText={t('webhooks:form.noneChosen')}
                  // As the endpoints' list counts them.
                  countText={(count) => t('webhooks:events.some', { count })}
                  size="medium"
                  required
                  error={!!errors.eventTypes}
                  helperText={errors.eventTypes?.message ?? t('webhooks:form.eventTypesHint')}
                  sx={{ width: '100%' }}
                />
              )}
            />
          )}
        </Stack>
      </Box>
    </AppDialog>
  );
}
