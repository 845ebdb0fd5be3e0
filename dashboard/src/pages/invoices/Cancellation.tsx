import { useEffect, useState } from 'preact/hooks';
import { apiPath, type Problem } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { entries } from '../../kit/catalogs.tsx';
import { Badge } from '../../kit/Page.tsx';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { saveFile } from '../../kit/save.ts';
import type { Invoice } from './types.ts';

const TONES = { none: 'neutral', pending: 'warn', accepted: 'ok', rejected: 'bad' } as const;

/** What became of a cancellation request: motivo, substitute, dates, the answer and the SAT acuse. */
export function Cancellation({ invoice }: { invoice: Invoice }) {
  const { cancellation } = invoice;
  const [reason, setReason] = useState<string | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  useEffect(() => {
    let alive = true;
    void entries('motivo_cancelacion').then((found) => alive && setReason(found.find((entry) => entry.code === cancellation.reason)?.description));
    return () => {
      alive = false;
    };
  }, [cancellation.reason]);
  async function acuse() {
    setProblem(undefined);
    try {
      await saveFile(apiPath`/v1/invoices/${invoice.id}/acuse`, `${invoice.uuid ?? invoice.id}-acuse.xml`);
    } catch (error) {
      setProblem(asProblem(error));
    }
  }
  return (
    <section class="panel" aria-labelledby="cancellation-title" data-testid="cancellation">
      <div class="panel-head">
        <h2 id="cancellation-title">{t('invoices.cancellation')}</h2>
        <Badge tone={TONES[cancellation.status]}>{t(`invoices.cancellation.${cancellation.status}`)}</Badge>
      </div>
      <p class="hint">{t(`invoices.cancellationExplain.${cancellation.status}`)}</p>
      <dl class="inline-details">
        <dt>{t('invoices.reason')}</dt>
        <dd data-testid="cancellation-reason">{cancellation.reason ? `${cancellation.reason}${reason ? ` — ${reason}` : ''}` : '—'}</dd>
        {cancellation.substitute_invoice_id && (
          <>
            <dt>{t('invoices.substitute')}</dt>
            <dd>
              <a href={href(`/invoices/${cancellation.substitute_invoice_id}`)}>
                <code>{cancellation.substitute_invoice_id}</code>
              </a>
            </dd>
          </>
        )}
        <dt>{t('invoices.cancelRequestedAt')}</dt>
        <dd>{formatDate(cancellation.requested_at)}</dd>
        <dt>{t('invoices.cancelResolvedAt')}</dt>
        <dd>{formatDate(cancellation.resolved_at)}</dd>
      </dl>
      {cancellation.acuse_available && (
        <div class="action-bar">
          <button type="button" class="button" onClick={acuse}>
            {t('invoices.downloadAcuse')}
          </button>
        </div>
      )}
      <ProblemBox problem={problem} />
    </section>
  );
}
