import { useEffect } from 'preact/hooks';
import { api, type Page as ApiPage } from '../../core/api.ts';
import { dayOf } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { href, locationStore, navigate } from '../../core/router.ts';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';
import { useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { type Download, VOUCHER_TYPES } from './types.ts';

/** Last month, the common request: from its 1st through its last day. */
function lastMonth(): { from: string; to: string } {
  const [year, month] = dayOf(new Date()).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function NewDownloadPage() {
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const range = lastMonth();
  const form = useForm({
    fiscal_profile_id: locationStore.get().query.get('fiscal_profile_id') ?? '',
    side: 'received',
    type: 'cfdi',
    date_from: range.from,
    date_to: range.to,
    document_status: '',
    counterparty_rfc: '',
    voucher_type: '',
  });
  const options = (profiles.data?.data ?? []).map((profile) => ({
    value: profile.id,
    label: `${profile.rfc} · ${profile.legal_name}${profile.has_fiel ? '' : ` (${t('downloads.noFiel')})`}`,
  }));
  const first = options[0]?.value;
  useEffect(() => {
    if (first && !form.values.fiscal_profile_id) form.set('fiscal_profile_id', first);
  }, [first]);
  async function submit() {
    const body: Record<string, string> = {};
    // Optional filters left empty are not sent: the API reads an absent filter as "any".
    for (const [name, value] of Object.entries(form.values))
      if (value.trim()) body[name] = name === 'counterparty_rfc' ? value.trim().toUpperCase() : value.trim();
    const download = await api.post<Download>('/v1/downloads', body);
    navigate(`/downloads/${download.id}`);
  }
  const noProfiles = profiles.data && options.length === 0;
  return (
    <Page title={t('downloads.create')} subtitle={t('downloads.createIntro')}>
      {noProfiles && (
        <p class="notice warn">
          {t('invoices.noProfile')} <a href={href('/fiscal-profiles/new')}>{t('profiles.create')}</a>
        </p>
      )}
      <Form form={form} onSubmit={submit} submitLabel={t('downloads.createSubmit')} label={t('downloads.create')}>
        <SelectField form={form} name="fiscal_profile_id" label={t('downloads.profile')} hint={t('downloads.profileHint')} options={options} />
        <div class="form-grid">
          <SelectField
            form={form}
            name="side"
            label={t('cfdis.side')}
            options={(['received', 'issued'] as const).map((side) => ({ value: side, label: t(`cfdis.side.${side}`) }))}
          />
          <SelectField
            form={form}
            name="type"
            label={t('downloads.type')}
            options={(['cfdi', 'metadata'] as const).map((type) => ({ value: type, label: t(`downloads.type.${type}`) }))}
          />
        </div>
        <div class="form-grid">
          <TextField form={form} name="date_from" label={t('downloads.dateFrom')} type="date" />
          <TextField form={form} name="date_to" label={t('downloads.dateTo')} type="date" />
        </div>
        <p class="hint">{t('downloads.rangeHint')}</p>
        <fieldset>
          <legend>{t('downloads.filters')}</legend>
          <div class="form-grid">
            <SelectField
              form={form}
              name="document_status"
              label={t('downloads.documentStatus')}
              hint={t('downloads.documentStatusHint')}
              options={[
                { value: '', label: t('list.any') },
                ...(['active', 'cancelled'] as const).map((status) => ({ value: status, label: t(`cfdis.status.${status}`) })),
              ]}
            />
            <SelectField
              form={form}
              name="voucher_type"
              label={t('cfdis.type')}
              options={[{ value: '', label: t('list.any') }, ...VOUCHER_TYPES.map((type) => ({ value: type, label: t(`cfdis.tipo.${type}`) }))]}
            />
          </div>
          <TextField
            form={form}
            name="counterparty_rfc"
            label={t('downloads.counterparty')}
            hint={t('downloads.counterpartyHint')}
            autoComplete="off"
            maxLength={13}
          />
        </fieldset>
      </Form>
    </Page>
  );
}
