import { t } from '../../core/i18n.ts';
import { CatalogSelect, CfdiUseSelect } from '../../kit/catalogs.tsx';
import { TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';
import { href } from '../../core/router.ts';
import type { Customer } from '../customers/types.ts';
import { SavedPicker } from './SavedPicker.tsx';

/** A saved customer fills the receptor; the fields stay editable and are sent as this invoice's overrides. */
function pickCustomer(form: FormState, customer: Customer): void {
  form.set('customer_id', customer.id);
  form.set('customer.rfc', customer.rfc);
  form.set('customer.name', customer.legal_name);
  form.set('customer.tax_regime', customer.tax_regime);
  form.set('customer.postal_code', customer.postal_code);
  form.set('customer.cfdi_use', customer.cfdi_use ?? '');
}

/**
 * The receptor of the invoice form (fields named `customer.…`). The uso CFDI offered follows the
 * customer's régimen, as the SAT's catalog pairs them; a uso the new régimen does not allow is
 * cleared rather than kept out of sight. A saved customer chosen above fills the fields and is sent
 * as `customer_id`. A draft's update cannot drop its saved customer (another one may replace it), so
 * with `keepsSavedCustomer` the choice offers no «Quitar». A `payment`'s uso CFDI is CP01 whatever
 * the customer's, shown fixed; the customer's stays in the form for the other types.
 */
export function CustomerFields({ form, keepsSavedCustomer = false, payment = false }: { form: FormState; keepsSavedCustomer?: boolean; payment?: boolean }) {
  return (
    <fieldset>
      <legend>{t('invoices.customer')}</legend>
      <SavedPicker<Customer>
        id="saved-customer"
        path="/v1/customers"
        label={t('picker.customer')}
        hint={t('picker.customerHint')}
        describe={(customer) => `${customer.legal_name} · ${customer.rfc}`}
        onPick={(customer) => pickCustomer(form, customer)}
        chosen={
          form.values.customer_id ? (
            <a href={href(`/customers/${form.values.customer_id}`)}>
              {t('picker.chosenCustomer', { name: form.values['customer.name'] ?? '', rfc: form.values['customer.rfc'] ?? '' })}
            </a>
          ) : undefined
        }
        onClear={keepsSavedCustomer ? undefined : () => form.set('customer_id', '')}
      />
      <TextField form={form} name="customer.rfc" label={t('field.rfc')} autoComplete="off" maxLength={13} />
      <TextField form={form} name="customer.name" label={t('invoices.customerName')} hint={t('invoices.customerNameHint')} />
      <CatalogSelect form={form} name="customer.tax_regime" label={t('field.taxRegime')} catalog="regimen_fiscal" />
      <TextField form={form} name="customer.postal_code" label={t('invoices.postalCode')} inputMode="numeric" maxLength={5} />
      {payment ? (
        <div class="field">
          <label for="payment-cfdi-use">{t('invoices.cfdiUse')}</label>
          <input id="payment-cfdi-use" readOnly value={t('invoiceTypes.paymentUse')} aria-describedby="payment-cfdi-use-hint" />
          <p class="hint" id="payment-cfdi-use-hint">
            {t('invoiceTypes.paymentUseHint')}
          </p>
        </div>
      ) : (
        <CfdiUseSelect form={form} name="customer.cfdi_use" regimenField="customer.tax_regime" label={t('invoices.cfdiUse')} />
      )}
      <TextField form={form} name="customer.email" label={t('email.customerEmail')} hint={t('email.customerEmailHint')} type="email" autoComplete="off" />
    </fieldset>
  );
}
