import { formatDate, formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { useAction } from '../../kit/action.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { ResourceDetail } from '../../kit/ResourceDetail.tsx';
import { saveFile } from '../../kit/save.ts';
import { currencyOf } from '../validations/types.ts';
import { CfdiContent } from './CfdiContent.tsx';
import { CfdiStatus } from './CfdiStatus.tsx';
import { type CfdiWithDetails, wallTime } from './types.ts';
import { apiPath } from '../../core/api.ts';

export function CfdiPage({ params }: { params: Record<string, string> }) {
  return (
    <ResourceDetail<CfdiWithDetails>
      path={apiPath`/v1/cfdis/${params.uuid}`}
      title={(cfdi) => (cfdi ? t('cfdis.one', { name: [cfdi.serie, cfdi.folio].filter(Boolean).join('-') || cfdi.uuid.slice(0, 8) }) : t('cfdis.loadingOne'))}
      subtitle={(cfdi) => (
        <>
          {t(`cfdis.side.${cfdi.side}`)} · {cfdi.tipo_de_comprobante ? t(`cfdis.tipo.${cfdi.tipo_de_comprobante as 'I'}`) : '—'} <CfdiStatus cfdi={cfdi} />
        </>
      )}
      actions={(cfdi) => <XmlButton cfdi={cfdi} />}
      fields={[
        { label: t('invoices.uuid'), render: (cfdi) => <code data-testid="uuid">{cfdi.uuid}</code> },
        { label: t('cfdis.emisor'), render: (cfdi) => `${cfdi.emisor.nombre ?? '—'} · ${cfdi.emisor.rfc ?? '—'}` },
        { label: t('cfdis.receptor'), render: (cfdi) => `${cfdi.receptor.nombre ?? '—'} · ${cfdi.receptor.rfc ?? '—'}` },
        { label: t('invoices.subtotal'), render: (cfdi) => formatMoney(cfdi.sub_total, currencyOf(cfdi.moneda)) },
        { label: t('cfdis.discount'), render: (cfdi) => formatMoney(cfdi.descuento, currencyOf(cfdi.moneda)) },
        { label: t('invoices.total'), render: (cfdi) => <strong>{formatMoney(cfdi.total, currencyOf(cfdi.moneda))}</strong> },
        { label: t('cfdis.fecha'), render: (cfdi) => wallTime(cfdi.fecha) },
        { label: t('cfdis.fechaTimbrado'), render: (cfdi) => wallTime(cfdi.fecha_timbrado) },
        { label: t('cfdis.cancelledAt'), render: (cfdi) => formatDate(cfdi.cancelled_at) },
        { label: t('cfdis.pac'), render: (cfdi) => cfdi.rfc_pac ?? '—' },
        {
          label: t('cfdis.thirdParties'),
          render: (cfdi) => cfdi.third_parties.map((party) => `${party.nombre ?? '—'} · ${party.rfc}`).join('; ') || '—',
        },
        { label: t('validations.version'), render: (cfdi) => cfdi.version ?? '—' },
        {
          label: t('cfdis.source'),
          render: (cfdi) =>
            cfdi.download_id ? (
              <a href={href(`/downloads/${cfdi.download_id}`)}>
                <code>{cfdi.download_id}</code>
              </a>
            ) : (
              <a href={href(`/fiscal-profiles/${cfdi.fiscal_profile_id}`)}>{t('cfdis.fromSync')}</a>
            ),
        },
      ]}
    >
      {(cfdi) =>
        cfdi.details ? (
          <CfdiContent cfdi={cfdi} details={cfdi.details} />
        ) : (
          <p class="notice warn">{cfdi.has_xml ? t('cfdis.notIndexed', { version: cfdi.version ?? '—' }) : t('cfdis.noDetails')}</p>
        )
      }
    </ResourceDetail>
  );
}

function XmlButton({ cfdi }: { cfdi: CfdiWithDetails }) {
  const action = useAction();
  if (!cfdi.has_xml) return null;
  return (
    <div class="action-bar">
      <button
        type="button"
        class="button primary"
        disabled={action.busy}
        onClick={() => action.run(() => saveFile(apiPath`/v1/cfdis/${cfdi.uuid}/xml`, `${cfdi.uuid}.xml`))}
      >
        {t('invoices.downloadXml')}
      </button>
      <ProblemBox problem={action.problem} />
    </div>
  );
}
