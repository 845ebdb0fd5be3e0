import type { Page as ApiPage } from '../../core/api.ts';
import { formatMoney } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href } from '../../core/router.ts';
import { Page } from '../../kit/Page.tsx';
import { useResource } from '../../kit/resource.ts';
import { ResourceList } from '../../kit/ResourceList.tsx';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { currencyOf } from '../validations/types.ts';
import { ExportButtons } from '../exports/ExportButtons.tsx';
import { CfdiStatus } from './CfdiStatus.tsx';
import { CfdiTotals } from './CfdiTotals.tsx';
import { type Cfdi, wallTime } from './types.ts';

const TIPOS = ['I', 'E', 'T', 'N', 'P'] as const;

export function CfdisPage() {
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const profileOptions = (profiles.data?.data ?? []).map((profile) => ({ value: profile.id, label: `${profile.rfc} · ${profile.legal_name}` }));
  return (
    <Page title={t('cfdis.title')} subtitle={t('cfdis.subtitle')} actions={<ExportButtons />}>
      <CfdiTotals />
      <ResourceList<Cfdi>
        path="/v1/cfdis"
        caption={t('cfdis.title')}
        empty={t('cfdis.empty')}
        rowHref={(cfdi) => href(`/cfdis/${cfdi.uuid}`)}
        // By the CFDI's own date, newest first, unless a header says otherwise.
        defaultSort="-fecha"
        search={{ name: 'q', label: t('cfdis.search') }}
        filters={[
          {
            name: 'side',
            label: t('cfdis.side'),
            type: 'select',
            options: (['issued', 'received'] as const).map((side) => ({ value: side, label: t(`cfdis.side.${side}`) })),
          },
          { name: 'fiscal_profile_id', label: t('downloads.profile'), type: 'select', options: profileOptions },
          { name: 'counterparty', label: t('cfdis.counterparty') },
          {
            name: 'tipo_de_comprobante',
            label: t('cfdis.type'),
            type: 'select',
            options: TIPOS.map((tipo) => ({ value: tipo, label: t(`cfdis.tipo.${tipo}`) })),
          },
          {
            name: 'status',
            label: t('cfdis.satStatus'),
            type: 'select',
            options: (['active', 'cancelled', 'unknown'] as const).map((status) => ({ value: status, label: t(`cfdis.status.${status}`) })),
          },
          {
            name: 'has_xml',
            label: t('cfdis.hasXml'),
            type: 'select',
            options: [
              { value: 'true', label: t('cfdis.withXml') },
              { value: 'false', label: t('cfdis.metadataOnly') },
            ],
          },
          { name: 'uuid', label: t('invoices.uuid') },
          { name: 'date[gte]', label: t('cfdis.dateFrom'), type: 'date' },
          { name: 'date[lte]', label: t('cfdis.dateTo'), type: 'date' },
          { name: 'download_id', label: t('cfdis.download') },
        ]}
        columns={[
          { label: t('invoices.uuid'), render: (cfdi) => <code class="uuid">{cfdi.uuid}</code> },
          { label: t('cfdis.fecha'), render: (cfdi) => wallTime(cfdi.fecha), sort: 'fecha' },
          { label: t('cfdis.counterparty'), render: (cfdi) => <Counterparty cfdi={cfdi} /> },
          { label: t('cfdis.type'), render: (cfdi) => `${t(`cfdis.side.${cfdi.side}`)} · ${cfdi.tipo_de_comprobante ?? '—'}` },
          { label: t('cfdis.satStatus'), render: (cfdi) => <CfdiStatus cfdi={cfdi} /> },
          { label: t('invoices.total'), render: (cfdi) => formatMoney(cfdi.total, currencyOf(cfdi.moneda)), numeric: true, sort: 'total' },
        ]}
      />
    </Page>
  );
}

/** The other party: the receptor of an issued CFDI, the emisor of a received one. */
function Counterparty({ cfdi }: { cfdi: Cfdi }) {
  const party = cfdi.side === 'issued' ? cfdi.receptor : cfdi.emisor;
  return (
    <span>
      {party.nombre ?? '—'}
      <span class="hint block">{party.rfc}</span>
    </span>
  );
}
