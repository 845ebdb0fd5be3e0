import { apiPath, api, ApiProblem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { CatalogSelect, CfdiUseSelect } from '../../kit/catalogs.tsx';
import { TextField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import type { Customer } from './types.ts';

/** The addresses typed in one field, split on commas, semicolons or spaces. */
const emailsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * A 422 names an address by its place (`emails.2`); the form has one field for them all, so the
 * problem is shown there, with the address it is about.
 */
function onEmailsField(error: unknown, emails: string[]): unknown {
  if (!(error instanceof ApiProblem) || !error.problem.errors) return error;
  const errors = error.problem.errors.map((entry) => {
    const place = /^emails\.(\d+)$/.exec(entry.path);
    return place ? { ...entry, path: 'emails', message: `${emails[Number(place[1])] ?? ''}: ${entry.message}` } : entry;
  });
  return new ApiProblem({ ...error.problem, errors }, error.retryAfter);
}

/**
 * Creates a customer, or changes a saved one (PATCH). Every field is checked by the API (RFC
 * format, régimen for a persona física or moral, the uso the régimen allows, name and postal code
 * against the RFC validation in test mode) and its problem lands on the field.
 */
export function CustomerForm({ customer, onDone }: { customer?: Customer; onDone: (customer: Customer) => void }) {
  const form = useForm({
    rfc: customer?.rfc ?? '',
    legal_name: customer?.legal_name ?? '',
    tax_regime: customer?.tax_regime ?? '',
    postal_code: customer?.postal_code ?? '',
    cfdi_use: customer?.cfdi_use ?? '',
    emails: customer?.emails.join(', ') ?? '',
  });
  async function submit() {
    const { values } = form;
    const emails = emailsOf(values.emails);
    const body = {
      rfc: values.rfc.trim().toUpperCase(),
      legal_name: values.legal_name.trim(),
      tax_regime: values.tax_regime,
      postal_code: values.postal_code.trim(),
      // Left out on create when empty; an edit that empties them removes them.
      cfdi_use: values.cfdi_use || (customer ? null : undefined),
      emails: emails.length > 0 ? emails : customer ? null : undefined,
    };
    try {
      onDone(customer ? await api.patch<Customer>(apiPath`/v1/customers/${customer.id}`, body) : await api.post<Customer>('/v1/customers', body));
    } catch (error) {
      throw onEmailsField(error, emails);
    }
  }
  const label = customer ? t('customers.edit') : t('customers.create');
  return (
    <Form form={form} onSubmit={submit} submitLabel={customer ? t('customers.save') : t('customers.createSubmit')} label={label}>
      <div class="form-grid">
        <TextField form={form} name="rfc" label={t('field.rfc')} autoComplete="off" maxLength={13} />
        <TextField form={form} name="postal_code" label={t('customers.postalCode')} inputMode="numeric" maxLength={5} />
      </div>
      <TextField form={form} name="legal_name" label={t('customers.legalName')} hint={t('customers.legalNameHint')} />
      <CatalogSelect form={form} name="tax_regime" label={t('field.taxRegime')} catalog="regimen_fiscal" />
      <CfdiUseSelect form={form} name="cfdi_use" regimenField="tax_regime" label={t('customers.cfdiUse')} />
      <TextField form={form} name="emails" label={t('customers.emails')} hint={t('customers.emailsHint')} inputMode="email" autoComplete="off" />
    </Form>
  );
}
