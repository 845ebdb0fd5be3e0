import { useState } from 'preact/hooks';
import { apiPath, api, type Page as ListPage } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { type MessageKey, t } from '../../core/i18n.ts';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { Invoice, InvoiceEmail } from './types.ts';
import { useCan } from '../../core/session.ts';

/** The addresses typed in one field, split on commas, semicolons or spaces. */
function recipientsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * "Send by e-mail" for a stamped invoice: recipients prefilled from the customer's e-mail, the
 * language of the message, and the delivery log of every e-mail of the invoice (status and each
 * attempt), reloaded after a send so a queued message can be followed until it is sent.
 */
export function EmailPanel({ invoice }: { invoice: Invoice }) {
  const log = useResource<ListPage<InvoiceEmail>>(apiPath`/v1/invoices/${invoice.id}/emails`);
  const form = useForm({ recipients: invoice.customer.email ?? '', language: 'es' });
  const [queued, setQueued] = useState(false);
  const writes = useCan('write');
  async function submit() {
    setQueued(false);
    const recipients = recipientsOf(form.values.recipients);
    const body: Record<string, unknown> = { language: form.values.language };
    if (recipients.length > 0) body.recipients = recipients;
    try {
      await api.post<InvoiceEmail>(apiPath`/v1/invoices/${invoice.id}/email`, body);
    } catch (error) {
      // A refused address (`recipients.2`) is said on the one field that holds them all.
      const problem = asProblem(error);
      throw { problem: { ...problem, errors: problem.errors?.map((entry) => ({ ...entry, path: entry.path.replace(/^recipients\.\d+$/, 'recipients') })) } };
    }
    setQueued(true);
    log.reload();
  }
  const emails = log.data?.data ?? [];
  return (
    <section class="panel" aria-labelledby="email-title" data-testid="email-panel">
      <h2 id="email-title">{t(writes ? 'email.send' : 'email.log')}</h2>
      {writes && <p class="hint">{t('email.intro')}</p>}
      {writes && (
        <Form form={form} onSubmit={submit} submitLabel={t('email.sendSubmit')} label={t('email.send')}>
          <TextField form={form} name="recipients" label={t('email.recipients')} hint={t('email.recipientsHint')} type="text" autoComplete="off" />
          <SelectField
            form={form}
            name="language"
            label={t('email.language')}
            options={[
              { value: 'es', label: t('email.language.es') },
              { value: 'en', label: t('email.language.en') },
            ]}
          />
        </Form>
      )}
      {queued && (
        <p class="notice ok" role="status">
          {t('email.queued')}
        </p>
      )}
      <h3>{t('email.log')}</h3>
      <ProblemBox problem={log.problem} />
      {emails.length === 0 && !log.loading && <p class="hint">{t('email.none')}</p>}
      {emails.length > 0 && (
        <div class="table-wrap">
          <table class="table">
            <thead>
              <tr>
                <th scope="col">{t('email.recipients')}</th>
                <th scope="col">{t('email.kind')}</th>
                <th scope="col">{t('email.status')}</th>
                <th scope="col">{t('email.attempts')}</th>
                <th scope="col">{t('field.created')}</th>
              </tr>
            </thead>
            <tbody>
              {emails
                .slice()
                .reverse()
                .map((email) => (
                  <tr key={email.id} data-testid="email-row">
                    <td data-label={t('email.recipients')}>
                      <div>
                        {email.recipients.map((recipient) => (
                          <div key={recipient}>{recipient}</div>
                        ))}
                      </div>
                    </td>
                    <td data-label={t('email.kind')}>
                      <span>
                        {t(`email.kind.${email.kind}` as MessageKey)} · {t(`email.language.${email.language}` as MessageKey)}
                        {email.automatic ? ` · ${t('email.automatic')}` : ''}
                      </span>
                    </td>
                    <td data-label={t('email.status')}>
                      <span class={`badge ${email.status === 'sent' ? 'ok' : email.status === 'failed' ? 'bad' : 'warn'}`} data-testid="email-status">
                        {t(`email.status.${email.status}` as MessageKey)}
                      </span>
                    </td>
                    <td data-label={t('email.attempts')}>
                      <div>
                        {email.attempts.length === 0
                          ? (email.skipped_reason ?? '—')
                          : email.attempts.map((attempt, index) => (
                              <div key={index} data-testid="email-attempt">
                                {formatDate(attempt.at)} · {t(`email.status.${attempt.outcome}` as MessageKey)}
                                {attempt.error ? ` · ${attempt.error}` : ''}
                              </div>
                            ))}
                      </div>
                    </td>
                    <td data-label={t('field.created')}>{formatDate(email.created_at)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" class="button subtle" onClick={log.reload}>
        {t('invoices.refresh')}
      </button>
    </section>
  );
}
