import { useState } from 'preact/hooks';
import { ApiProblem, api, type Problem } from '../../core/api.ts';
import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { Badge, Page } from '../../kit/Page.tsx';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import { ResourceList } from '../../kit/ResourceList.tsx';
import { base64Of } from '../fiscal-profiles/types.ts';
import { verdictOf } from './checks.ts';
import { DropZone } from './DropZone.tsx';
import { currencyOf, type Validation } from './types.ts';
import { useCan } from '../../core/session.ts';

const MAX_BYTES = 4 * 1024 * 1024;

/**
 * A busy server sheds validations (CPU-heavy) with 503 and Retry-After before doing any work, so
 * the same request is sent again after the wait, up to three times, instead of failing the drop.
 */
async function postShedding<T>(path: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api.post<T>(path, body);
    } catch (error) {
      const wait = error instanceof ApiProblem && error.problem.status === 503 ? error.retryAfter : undefined;
      if (!wait || wait > 10 || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}

/** The verdict: valid, invalid (a check failed), or not verifiable here (nothing failed, something could not run). */
export function ValidBadge({ validation }: { validation: Pick<Validation, 'valid' | 'checks'> }) {
  const verdict = verdictOf(validation);
  if (verdict === 'valid') return <Badge tone="ok">{t('validations.valid')}</Badge>;
  if (verdict === 'unverifiable') return <Badge tone="warn">{t('validations.unverifiable')}</Badge>;
  return <Badge tone="bad">{t('validations.invalid')}</Badge>;
}

export function ValidationsPage() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
  const writes = useCan('write');
  async function validate(file: File) {
    setProblem(undefined);
    // The API's own limit, said before uploading 4 MiB for nothing.
    if (file.size > MAX_BYTES) return setProblem({ title: t('validations.tooLarge'), status: 413, code: 'request.body_too_large', detail: file.name });
    setBusy(true);
    try {
      // JSON with base64: the API client sends JSON or multipart, and the API takes both forms alike.
      const validation = await postShedding<Validation>('/v1/validations', { xml_base64: await base64Of(file) });
      navigate(`/validations/${validation.id}`);
    } catch (error) {
      setProblem(asProblem(error));
      setBusy(false);
    }
  }
  return (
    <Page title={t('validations.title')} subtitle={t('validations.subtitle')}>
      {writes && (
        <DropZone onFile={validate} busy={busy} accept=".xml,application/xml,text/xml" label={t('validations.drop')} hint={t('validations.dropHint')} />
      )}
      <ProblemBox problem={problem} />
      <ResourceList<Validation>
        path="/v1/validations"
        caption={t('validations.title')}
        empty={t('validations.empty')}
        rowHref={(validation) => href(`/validations/${validation.id}`)}
        filters={[
          {
            name: 'valid',
            label: t('validations.result'),
            type: 'select',
            options: [
              { value: 'true', label: t('validations.valid') },
              { value: 'false', label: t('validations.invalid') },
            ],
          },
          { name: 'uuid', label: t('invoices.uuid') },
          { name: 'emisor', label: t('cfdis.emisor') },
          { name: 'receptor', label: t('cfdis.receptor') },
          { name: 'created[gte]', label: t('common.createdFrom'), type: 'date' },
          { name: 'created[lte]', label: t('common.createdTo'), type: 'date' },
        ]}
        columns={[
          { label: t('invoices.uuid'), render: (validation) => <code>{validation.summary.uuid ?? validation.id}</code> },
          { label: t('validations.result'), render: (validation) => <ValidBadge validation={validation} /> },
          { label: t('validations.parties'), render: (validation) => `${validation.summary.emisor ?? '—'} → ${validation.summary.receptor ?? '—'}` },
          { label: t('invoices.total'), render: (validation) => formatMoney(validation.summary.total, currencyOf(validation.summary.moneda)), numeric: true },
          { label: t('field.created'), render: (validation) => formatDate(validation.created_at) },
        ]}
      />
    </Page>
  );
}
