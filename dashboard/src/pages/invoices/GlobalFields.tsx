import { t } from '../../core/i18n.ts';
import { SelectField, TextField } from '../../kit/fields.tsx';
import { fieldId, type FormState } from '../../kit/form.tsx';

const PERIODICITIES = ['01', '02', '03', '04', '05'] as const;
/** c_Meses: 01-12 a month, 13-18 a bimester (January-February … November-December). */
const MONTHS = Array.from({ length: 18 }, (_, index) => String(index + 1).padStart(2, '0'));

/**
 * «Factura global»: an income invoice to the general public (XAXX010101000, whose name, régimen,
 * uso and postal code the API fills in) that sums a period's sales, with its InformacionGlobal:
 * the periodicidad, the month or bimester and the year. While it is checked the customer's
 * fields are not shown.
 */
export function GlobalToggle({ form }: { form: FormState }) {
  return (
    <div>
      <label class="check-row">
        <input
          id={fieldId('global')}
          type="checkbox"
          name="global"
          checked={form.values.global === 'on'}
          onChange={(event) => form.set('global', event.currentTarget.checked ? 'on' : '')}
        />
        {t('invoiceTypes.global')}
      </label>
      <p class="hint">{t('invoiceTypes.globalHint')}</p>
    </div>
  );
}

export function GlobalFields({ form }: { form: FormState }) {
  return (
    <fieldset data-testid="global-fields">
      <legend>{t('invoiceTypes.globalLegend')}</legend>
      <p class="hint">{t('invoiceTypes.globalReceptor')}</p>
      <div class="form-grid">
        <SelectField
          form={form}
          name="global.periodicity"
          label={t('invoiceTypes.periodicity')}
          options={[
            { value: '', label: t('form.choose') },
            ...PERIODICITIES.map((code) => ({ value: code, label: `${code} · ${t(`invoiceTypes.periodicity${code}`)}` })),
          ]}
        />
        <SelectField
          form={form}
          name="global.months"
          label={t('invoiceTypes.months')}
          options={[
            { value: '', label: t('form.choose') },
            ...MONTHS.map((code) => ({ value: code, label: `${code} · ${t(`invoiceTypes.month${code}` as 'invoiceTypes.month01')}` })),
          ]}
        />
        <TextField form={form} name="global.year" label={t('invoiceTypes.year')} inputMode="numeric" maxLength={4} />
      </div>
    </fieldset>
  );
}
