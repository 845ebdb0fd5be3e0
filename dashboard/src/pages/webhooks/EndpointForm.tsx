import { useState } from 'preact/hooks';
import { apiPath, api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { TextField } from '../../kit/fields.tsx';
import { Form, type FormState, useForm } from '../../kit/form.tsx';
import { EventsPicker } from './EventsPicker.tsx';
import type { WebhookEndpoint } from './types.ts';

/** The picker's error: a 422 names `enabled_events` or one entry of it (`enabled_events.2`). */
function eventsError(form: FormState, count: number): string | undefined {
  form.fields.add('enabled_events');
  for (let index = 0; index < Math.max(count, 1); index += 1) form.fields.add(`enabled_events.${index}`);
  return form.errors.enabled_events ?? Object.entries(form.errors).find(([name]) => name.startsWith('enabled_events.'))?.[1];
}

/**
 * Creates an endpoint, or changes an existing one's URL and events (PATCH). The create answer
 * carries the signing secret, which the caller shows once.
 */
export function EndpointForm({ endpoint, onDone }: { endpoint?: WebhookEndpoint; onDone: (endpoint: WebhookEndpoint) => void }) {
  const form = useForm({ url: endpoint?.url ?? '' });
  const [events, setEvents] = useState<string[]>(endpoint?.enabled_events ?? ['*']);
  const error = eventsError(form, events.length);
  async function submit() {
    // An empty choice is sent as is: the API's own message says at least one is needed.
    const body = { url: form.values.url.trim(), enabled_events: events };
    onDone(
      endpoint
        ? await api.patch<WebhookEndpoint>(apiPath`/v1/webhook_endpoints/${endpoint.id}`, body)
        : await api.post<WebhookEndpoint>('/v1/webhook_endpoints', body),
    );
  }
  const label = endpoint ? t('webhooks.edit') : t('webhooks.create');
  return (
    <Form form={form} onSubmit={submit} submitLabel={endpoint ? t('webhooks.save') : t('webhooks.createSubmit')} label={label}>
      <TextField form={form} name="url" label={t('webhooks.url')} hint={t('webhooks.urlHint')} inputMode="text" autoComplete="off" />
      <EventsPicker value={events} onChange={setEvents} error={error} />
    </Form>
  );
}
