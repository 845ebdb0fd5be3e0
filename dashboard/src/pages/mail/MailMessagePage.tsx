import { apiPath } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import type { CaughtMessage } from './types.ts';

function sizeOf(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * One caught message: its headers, its HTML in a sandboxed frame (the preview is served with a
 * sandbox policy of its own as well: no script, no network), its plain text, and its attachments
 * as downloads.
 */
export function MailMessagePage({ params }: { params: Record<string, string> }) {
  const message = useResource<CaughtMessage>(apiPath`/dashboard/api/mail/${params.id}`);
  const data = message.data;
  return (
    <Page
      title={data?.subject ?? t('app.loading')}
      actions={
        <a class="button" href={href('/mail')}>
          {t('mail.back')}
        </a>
      }
    >
      <ProblemBox problem={message.problem} />
      {data && (
        <>
          <dl class="details">
            <div class="detail">
              <dt>{t('mail.from')}</dt>
              <dd>{data.from}</dd>
            </div>
            <div class="detail">
              <dt>{t('mail.to')}</dt>
              <dd data-testid="mail-to">{data.to.join(', ')}</dd>
            </div>
            <div class="detail">
              <dt>{t('mail.received')}</dt>
              <dd>{formatDate(data.created_at)}</dd>
            </div>
          </dl>
          <section class="panel" aria-labelledby="mail-preview-title">
            <h2 id="mail-preview-title">{t('mail.preview')}</h2>
            <iframe class="mail-preview" sandbox="" title={t('mail.preview')} src={apiPath`/dashboard/api/mail/${data.id}/preview`} />
          </section>
          {data.attachments.length > 0 && (
            <section class="panel" aria-labelledby="mail-attachments-title">
              <h2 id="mail-attachments-title">{t('mail.attachments')}</h2>
              <ul class="attachment-list">
                {data.attachments.map((attachment, position) => (
                  <li key={position}>
                    <a href={apiPath`/dashboard/api/mail/${data.id}/attachments/${String(position)}`} download={attachment.filename}>
                      {attachment.filename}
                    </a>{' '}
                    <span class="hint">
                      {attachment.content_type} · {sizeOf(attachment.size)}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section class="panel" aria-labelledby="mail-text-title">
            <h2 id="mail-text-title">{t('mail.text')}</h2>
            <pre class="mail-text" data-testid="mail-text">
              {data.text}
            </pre>
          </section>
        </>
      )}
    </Page>
  );
}
