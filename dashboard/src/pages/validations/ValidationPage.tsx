import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Badge } from '../../kit/Page.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { type CheckView, readChecks, verdictOf } from './checks.ts';
import { type CheckStatus, currencyOf, type Validation, type ValidationIssue } from './types.ts';
import { ValidBadge } from './ValidationsPage.tsx';
import { apiPath } from '../../core/api.ts';

const TONES: Record<CheckStatus, 'ok' | 'bad' | 'warn' | 'neutral'> = { passed: 'ok', failed: 'bad', not_run: 'warn', not_applicable: 'neutral' };

/** One line above the checks: all passed, how many problems, or why it is not verifiable here. */
function verdictHint(validation: Validation): string {
  const verdict = verdictOf(validation);
  if (verdict === 'valid') return t('validations.allPassed');
  if (verdict === 'unverifiable') {
    return t('validations.unverifiableHint', { count: validation.checks.filter((check) => check.status === 'not_run').length });
  }
  const failed = new Set(validation.checks.filter((check) => check.status === 'failed').flatMap((check) => check.codes));
  return t('validations.someFailed', { count: validation.errors.filter((issue) => failed.has(issue.code)).length });
}

export function ValidationPage({ params }: { params: Record<string, string> }) {
  return (
    <ResourceDetail<Validation>
      path={apiPath`/v1/validations/${params.id}`}
      title={(validation) => (validation?.summary.uuid ? t('validations.oneUuid', { uuid: validation.summary.uuid }) : t('validations.one'))}
      subtitle={(validation) => <ValidBadge validation={validation} />}
      fields={[
        { label: t('cfdis.emisor'), render: (validation) => validation.summary.emisor ?? '—' },
        { label: t('cfdis.receptor'), render: (validation) => validation.summary.receptor ?? '—' },
        { label: t('cfdis.type'), render: (validation) => validation.summary.tipo_de_comprobante ?? '—' },
        { label: t('validations.version'), render: (validation) => validation.summary.version ?? '—' },
        { label: t('invoices.subtotal'), render: (validation) => formatMoney(validation.summary.sub_total, currencyOf(validation.summary.moneda)) },
        { label: t('invoices.total'), render: (validation) => <strong>{formatMoney(validation.summary.total, currencyOf(validation.summary.moneda))}</strong> },
        {
          label: t('invoices.uuid'),
          render: (validation) =>
            validation.summary.uuid ? (
              <a href={href('/cfdis', { uuid: validation.summary.uuid })}>
                <code>{validation.summary.uuid}</code>
              </a>
            ) : (
              '—'
            ),
        },
        { label: t('field.created'), render: (validation) => formatDate(validation.created_at) },
        { label: t('field.id'), render: (validation) => <code>{validation.id}</code> },
      ]}
    >
      {(validation) => (
        <section class="panel" aria-labelledby="checks-title">
          <h2 id="checks-title">{t('validations.checks')}</h2>
          <p class="hint" data-testid="verdict">
            {verdictHint(validation)}
          </p>
          <ol class="checks" data-testid="checks">
            {readChecks(validation).map((check) => (
              <Check key={check.id} check={check} validation={validation} />
            ))}
          </ol>
        </section>
      )}
    </ResourceDetail>
  );
}

function Check({ check, validation }: { check: CheckView; validation: Validation }) {
  const sat = validation.summary.sat;
  // A passed check lists its notes (warnings) below; a failed one its errors; the others say why.
  const said = check.status === 'not_run' || check.status === 'not_applicable';
  return (
    <li class={`check-item ${check.status}`} data-check={check.id} data-outcome={check.status}>
      <div class="check-head">
        <h3>{t(check.title)}</h3>
        <Badge tone={TONES[check.status]}>{t(`validations.outcome.${check.status}`)}</Badge>
      </div>
      <p class="hint">{t(check.explain)}</p>
      {said && <p class="check-message">{check.message}</p>}
      {check.status === 'not_run' && check.remediation && (
        <p class="issue-remediation" data-testid="to-verify">
          <strong>{t('validations.toVerify')}</strong> {check.remediation}
        </p>
      )}
      {check.id === 'sat_status' && sat && (
        <dl class="inline-details">
          <dt>{t('validations.satEstado')}</dt>
          <dd>{sat.estado}</dd>
          <dt>{t('validations.satCancelable')}</dt>
          <dd>{sat.es_cancelable ?? '—'}</dd>
          <dt>{t('validations.satCancelStatus')}</dt>
          <dd>{sat.cancel_status ?? '—'}</dd>
        </dl>
      )}
      {check.status === 'failed' && check.errors.length > 0 && <Issues issues={check.errors} kind="error" />}
      {check.warnings.length > 0 && <Issues issues={check.warnings} kind="warning" />}
    </li>
  );
}

function Issues({ issues, kind }: { issues: ValidationIssue[]; kind: 'error' | 'warning' }) {
  return (
    <ul class={`issues ${kind}`} aria-label={t(kind === 'error' ? 'validations.errors' : 'validations.warnings')}>
      {issues.map((issue, index) => (
        <li key={`${issue.code}-${index}`}>
          <p class="issue-message">
            <code class="issue-code">{issue.code}</code> {issue.message}
          </p>
          <p class="hint">
            <code>{issue.path}</code>
          </p>
          <p class="issue-remediation">
            <strong>{t('problem.whatToDo')}</strong> {issue.remediation}
          </p>
        </li>
      ))}
    </ul>
  );
}
