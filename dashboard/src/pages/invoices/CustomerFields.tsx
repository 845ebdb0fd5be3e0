import { useCallback, useEffect } from 'preact/hooks';
import { t } from '../../core/i18n.ts';
import { type CatalogEntry, CatalogSelect, entries } from '../../kit/catalogs.tsx';
import { TextField } from '../../kit/fields.tsx';
import type { FormState } from '../../kit/form.tsx';

/** Whether a c_UsoCFDI entry may be used by a receptor of this régimen (the catalog's own column). */
function usoFits(entry: CatalogEntry, regimen: string): boolean {
  const regimes = entry.data?.tax_regimes;
  return !regimen || !Array.isArray(regimes) || regimes.includes(regimen);
}

/**
 * The receptor of the invoice form (fields named `customer.…`). The uso CFDI offered follows the
 * customer's régimen, as the SAT's catalog pairs them; a uso the new régimen does not allow is
 * cleared rather than kept out of sight.
 */
export function CustomerFields({ form }: { form: FormState }) {
  const regimen = form.values['customer.tax_regime'] ?? '';
  const uso = form.values['customer.cfdi_use'] ?? '';
  const only = useCallback((entry: CatalogEntry) => usoFits(entry, regimen), [regimen]);
  useEffect(() => {
    if (!regimen || !uso) return;
    let alive = true;
    void entries('uso_cfdi').then((found) => {
      const entry = found.find((candidate) => candidate.code === uso);
      if (alive && entry && !usoFits(entry, regimen)) form.set('customer.cfdi_use', '');
    });
    return () => {
      alive = false;
    };
  }, [regimen]);
  return (
    <fieldset>
      <legend>{t('invoices.customer')}</legend>
      <TextField form={form} name="customer.rfc" label={t('field.rfc')} autoComplete="off" maxLength={13} />
      <TextField form={form} name="customer.name" label={t('invoices.customerName')} hint={t('invoices.customerNameHint')} />
      <CatalogSelect form={form} name="customer.tax_regime" label={t('field.taxRegime')} catalog="regimen_fiscal" />
      <TextField form={form} name="customer.postal_code" label={t('invoices.postalCode')} inputMode="numeric" maxLength={5} />
      <CatalogSelect
        form={form}
        name="customer.cfdi_use"
        label={t('invoices.cfdiUse')}
        catalog="uso_cfdi"
        only={only}
        hint={regimen ? t('invoices.cfdiUseByRegimen') : undefined}
      />
      <TextField form={form} name="customer.email" label={t('email.customerEmail')} hint={t('email.customerEmailHint')} type="email" autoComplete="off" />
    </fieldset>
  );
}
