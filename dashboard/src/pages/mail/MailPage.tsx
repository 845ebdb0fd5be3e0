import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { CaughtMail } from './types.ts';

/**
 * The mail catcher (development and test): the organization's newest messages the service kept
 * instead of sending them, newest first. With a mail server configured nothing is kept, and the
 * page says so.
 */
export function MailPage() {
  const mail = useResource<CaughtMail>('/dashboard/api/mail');
  const messages = mail.data?.messages ?? [];
  return (
    <Page
      title={t('nav.mail')}
      subtitle={t('mail.subtitle')}
      actions={
        <button type="button" class="button" onClick={mail.reload}>
          {t('invoices.refresh')}
        </button>
      }
    >
      <ProblemBox problem={mail.problem} />
      {mail.data && mail.data.transport !== 'catcher' && <p class="notice warn">{t('mail.notCatching')}</p>}
      {mail.data && mail.data.transport === 'catcher' && messages.length === 0 && <p class="hint">{t('mail.empty')}</p>}
      {messages.length > 0 && (
        <div class="table-wrap">
          <table class="table" aria-busy={mail.loading}>
            <caption class="visually-hidden">{t('nav.mail')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mail.subject')}</th>
                <th scope="col">{t('mail.to')}</th>
                <th scope="col">{t('mail.attachments')}</th>
                <th scope="col">{t('mail.received')}</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} data-testid="mail-row">
                  <td data-label={t('mail.subject')}>
                    <a href={href(`/mail/${message.id}`)}>{message.subject}</a>
                  </td>
                  <td data-label={t('mail.to')}>
                    <span>{message.to.join(', ')}</span>
                  </td>
                  <td data-label={t('mail.attachments')}>
                    <span>{message.attachments.length}</span>
                  </td>
                  <td data-label={t('mail.received')}>
                    <span>{formatDate(message.created_at)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
