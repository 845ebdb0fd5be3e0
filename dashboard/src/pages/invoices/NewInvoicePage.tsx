import { useEffect, useState } from 'preact/hooks';
import { api, apiPath, type Page as ApiPage } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { href, navigate } from '../../core/router.ts';
import { CatalogSearch, CatalogSelect } from '../../kit/catalogs.tsx';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import { Page } from '../../kit/Page.tsx';
import { useResource } from '../../kit/resource.ts';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import { CustomerFields } from './CustomerFields.tsx';
import { draftValues, invoiceBody, needsExchangeRate, updateBody } from './invoice-body.ts';
import { InvoiceTotals } from './InvoiceTotals.tsx';
import { ItemFields } from './ItemFields.tsx';
import { RelatedFields } from './RelatedFields.tsx';
import { PaymentFields } from './PaymentFields.tsx';
import { GlobalFields, GlobalToggle } from './GlobalFields.tsx';
import { draftSendOnStamp, emailOfForm, SendOnStampField } from './SendOnStamp.tsx';
import type { Invoice } from './types.ts';

/**
 * The body to preview: without a customer while its RFC is empty (the API still computes the
 * amounts, and names the RFC as missing), as the create body's `customer.rfc` may not be empty.
 */
function previewOf(body: Record<string, unknown>): Record<string, unknown> {
  const customer = body.customer as { rfc: string };
  if (customer.rfc !== '' || body.customer_id !== undefined) return body;
  const { customer: _empty, ...rest } = body;
  return rest;
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
function todayHere(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function NewInvoicePage() {
  return <InvoiceForm />;
}

/** The invoice form: a new draft, or, given `draft`, that draft's changes (PATCH). */
export function InvoiceForm({ draft }: { draft?: Invoice }) {
  const profiles = useResource<ApiPage<FiscalProfile>>('/v1/fiscal_profiles', { query: { limit: 100 } });
  const [itemCount, setItemCount] = useState(draft ? draft.items.length : 1);
  const form = useForm(
    draft
      ? { ...draftValues(draft), 'email.send_on_stamp': draftSendOnStamp(draft) }
      : ({
          fiscal_profile_id: '',
          type: 'I',
          'related.relationship': '01',
          // A payment received today (the browser's date), in pesos.
          'payments.0.date': todayHere(),
          'payments.0.currency': 'MXN',
          'global.year': String(new Date().getFullYear()),
          payment_method: 'PUE',
          currency: 'MXN',
          'items.0.quantity': '1',
          'items.0.iva': '0.160000',
        } as Record<string, string>),
  );
  const profileOptions = (profiles.data?.data ?? []).map((profile) => ({ value: profile.id, label: `${profile.rfc} · ${profile.legal_name}` }));
  // The first profile is preselected, so the select never shows a value the form does not hold.
  const firstProfile = profileOptions[0]?.value;
  useEffect(() => {
    if (firstProfile && !form.values.fiscal_profile_id) form.set('fiscal_profile_id', firstProfile);
  }, [firstProfile]);
  const issuer = draft?.fiscal_profile ?? profiles.data?.data.find((profile) => profile.id === (form.values.fiscal_profile_id || firstProfile));
  const profileId = form.values.fiscal_profile_id || firstProfile || '';
  const isPayment = form.values.type === 'P';
  const isTransfer = form.values.type === 'T';
  const isGlobal = (form.values.type ?? 'I') === 'I' && form.values.global === 'on';
  // What a create would send, for the API's running total (a draft's keeps its own profile).
  const previewBody = profileId ? previewOf(invoiceBody({ ...form.values, fiscal_profile_id: profileId }, itemCount)) : undefined;
  async function submit() {
    const values = { ...form.values, fiscal_profile_id: profileId };
    const email = emailOfForm(form.values, issuer, draft);
    if (draft) {
      // A draft keeps its issuer, and what the user emptied is cleared (updateBody).
      const changes = updateBody(values, itemCount);
      if (email) changes.email = email;
      await api.patch<Invoice>(apiPath`/v1/invoices/${draft.id}`, changes);
      navigate(`/invoices/${draft.id}`);
      return;
    }
    const body = invoiceBody(values, itemCount);
    if (email) body.email = email;
    const invoice = await api.post<Invoice>('/v1/invoices', body);
    navigate(`/invoices/${invoice.id}`);
  }
  function addItem() {
    form.set(`items.${itemCount}.quantity`, '1');
    form.set(`items.${itemCount}.iva`, '0.160000');
    setItemCount(itemCount + 1);
  }
  return (
    <Page
      title={draft ? t('invoices.editTitle', { folio: `${draft.serie ? `${draft.serie}-` : ''}${draft.folio}` }) : t('invoices.create')}
      subtitle={t(draft ? 'invoices.editIntro' : 'invoices.createIntro')}
    >
      <Form
        form={form}
        onSubmit={submit}
        submitLabel={t(draft ? 'invoices.editSubmit' : 'invoices.createSubmit')}
        label={draft ? t('invoices.edit') : t('invoices.create')}
        secondary={
          <a class="button subtle" href={href(draft ? `/invoices/${draft.id}` : '/invoices')}>
            {t('form.cancel')}
          </a>
        }
      >
        <fieldset>
          <legend>{t('invoices.issuer')}</legend>
          {profiles.data && profileOptions.length === 0 && (
            <p class="notice warn">
              {t('invoices.noProfile')} <a href={href('/fiscal-profiles/new')}>{t('profiles.create')}</a>
            </p>
          )}
          {draft ? (
            <p>{`${draft.fiscal_profile.rfc} · ${draft.fiscal_profile.legal_name}`}</p>
          ) : (
            <SelectField form={form} name="fiscal_profile_id" label={t('profiles.one')} options={profileOptions} />
          )}
        </fieldset>
        {!draft && (
          <fieldset>
            <legend>{t('invoiceTypes.legend')}</legend>
            <SelectField
              form={form}
              name="type"
              label={t('invoiceTypes.type')}
              hint={t('invoiceTypes.typeHint')}
              options={[
                { value: 'I', label: t('invoiceTypes.typeI') },
                { value: 'E', label: t('invoiceTypes.typeE') },
                { value: 'P', label: t('invoiceTypes.typeP') },
                { value: 'T', label: t('invoiceTypes.typeT') },
              ]}
            />
            {(form.values.type ?? 'I') === 'I' && <GlobalToggle form={form} />}
            {isTransfer && <p class="hint">{t('invoiceTypes.transferHint')}</p>}
          </fieldset>
        )}
        {isGlobal ? <GlobalFields form={form} /> : <CustomerFields form={form} keepsSavedCustomer={Boolean(draft?.customer_id)} payment={isPayment} />}
        {form.values.type === 'E' && <RelatedFields form={form} />}
        {isPayment ? (
          <PaymentFields form={form} />
        ) : isTransfer ? (
          Array.from({ length: itemCount }, (_, index) => <ItemFields key={index} form={form} index={index} priced={false} />)
        ) : (
          <>
            <fieldset>
              <legend>{t('invoices.payment')}</legend>
              <CatalogSelect form={form} name="payment_form" label={t('invoices.paymentForm')} catalog="forma_pago" />
              <SelectField
                form={form}
                name="payment_method"
                label={t('invoices.paymentMethod')}
                options={[
                  { value: 'PUE', label: t('invoices.pue') },
                  { value: 'PPD', label: t('invoices.ppd') },
                ]}
              />
              <TextField form={form} name="serie" label={t('invoices.serie')} hint={t('invoices.serieHint')} />
              <div class="form-grid">
                <CatalogSearch form={form} name="currency" label={t('invoiceForm.currency')} catalog="moneda" hint={t('invoiceForm.currencyHint')} />
                {needsExchangeRate((form.values.currency ?? '').trim()) && (
                  <TextField
                    form={form}
                    name="exchange_rate"
                    label={t('invoiceForm.exchangeRate')}
                    inputMode="decimal"
                    hint={t('invoiceForm.exchangeRateHint', { currency: (form.values.currency ?? '').trim() })}
                  />
                )}
              </div>
              <SendOnStampField form={form} profile={issuer} draft={draft} />
            </fieldset>
            {Array.from({ length: itemCount }, (_, index) => (
              <ItemFields key={index} form={form} index={index} />
            ))}
          </>
        )}
        <InvoiceTotals body={previewBody} payment={isPayment} />
        {!isPayment && (
          <div class="form-row">
            <button type="button" class="button" onClick={addItem}>
              {t('invoices.addItem')}
            </button>
            {itemCount > 1 && (
              <button type="button" class="button subtle" onClick={() => setItemCount(itemCount - 1)}>
                {t('invoices.removeItem')}
              </button>
            )}
          </div>
        )}
      </Form>
    </Page>
  );
}
