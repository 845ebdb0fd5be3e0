/**
 * The invoice form's running total is the stamped CFDI's: for mixed cases (withholdings, a
 * discount, IEPS tasa and cuota, exento, a foreign currency) the form's values become the request
 * body the form sends; the form shows the API's preview of that body (POST /v1/invoices/preview),
 * and the service then creates and stamps it with the stamped XML's SubTotal, Descuento, taxes and
 * Total equal to the preview's.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { invoiceBody } from '../../dashboard/src/pages/invoices/invoice-body.ts';
import { parseCfdi } from '../../src/cfdi/parse.ts';
import { createStamped, type InvoicesTestApp, type Keys, openInvoicesFixture } from '../invoices/support.ts';

let t: InvoicesTestApp;
let keys: Keys;
let profileId: string;

before(async () => {
  ({ t, keys, profileId } = await openInvoicesFixture());
});
after(() => t.close());

const customer = {
  'customer.rfc': 'URE180429TM6',
  'customer.name': 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  'customer.tax_regime': '601',
  'customer.postal_code': '86991',
  'customer.cfdi_use': 'G03',
  payment_form: '03',
  payment_method: 'PUE',
};

function item(index: number, fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = { product_key: '81112100', unit_key: 'E48', description: `Servicio ${index + 1}`, quantity: '1', ...fields };
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [`items.${index}.${name}`, value]));
}

const cases: { name: string; values: Record<string, string>; items: number }[] = [
  {
    name: 'honorarios: IVA 16 %, IVA withheld 10.6667 %, ISR withheld 10 % and a discount, beside an item at 8 % with IEPS',
    items: 2,
    values: {
      ...item(0, { quantity: '3', unit_price: '333.33', discount: '10.01', iva: '0.160000', ret_iva: '0.106667', ret_isr: '0.100000' }),
      ...item(1, { quantity: '2.5', unit_price: '99.999', iva: '0.080000', ieps: '0.265000' }),
    },
  },
  {
    name: 'in USD with an exchange rate: exento with ISR withheld 1.25 % (RESICO), and IVA 0 % with an IEPS cuota per unit',
    items: 2,
    values: {
      currency: 'USD',
      exchange_rate: '17.2530',
      ...item(0, { quantity: '1.5', unit_price: '1234.565', discount: '0.99', iva: 'exento', ret_isr: '0.012500' }),
      ...item(1, { quantity: '7.333', unit_price: '12.10', iva: '0.000000', ieps: 'cuota', ieps_cuota: '6.4555' }),
    },
  },
  {
    name: 'arrendamiento over three items, each discounted, with both withholdings grouped across items, and one item exento',
    items: 3,
    values: {
      ...item(0, { quantity: '1', unit_price: '15000.005', discount: '1500.50', iva: '0.160000', ret_iva: '0.106667', ret_isr: '0.100000' }),
      ...item(1, { quantity: '0.333333', unit_price: '2999.99', discount: '0.01', iva: '0.160000', ret_iva: '0.106667', ret_isr: '0.100000' }),
      ...item(2, { quantity: '4', unit_price: '12.345', discount: '3.33', iva: 'exento', ieps: '0.080000' }),
    },
  },
];

interface PreviewTax {
  withholding: boolean;
  amount: string | null;
}

for (const { name, values, items } of cases) {
  test(`the form's total, the API's preview, equals the stamped CFDI's: ${name}`, async () => {
    const form = { fiscal_profile_id: profileId, ...customer, ...values };
    const body = JSON.parse(JSON.stringify(invoiceBody(form, items)));
    const preview = await t.request({ method: 'POST', url: '/v1/invoices/preview', key: keys.testKey, payload: body });
    assert.equal(preview.statusCode, 200, preview.body);
    const shown = preview.json();
    assert.deepEqual(shown.errors, [], 'the form sends a valid body');
    const invoice = await createStamped(t, keys.testKey, body);
    const xml = await t.request({ method: 'GET', url: `/v1/invoices/${invoice.id}/xml`, key: keys.testKey });
    const { comprobante } = parseCfdi(xml.body);
    assert.equal(shown.total, comprobante.Total);
    assert.equal(shown.subtotal, comprobante.SubTotal);
    assert.equal(shown.discount ?? undefined, comprobante.Descuento);
    assert.deepEqual(
      shown.taxes.filter((line: PreviewTax) => line.withholding).map((line: PreviewTax) => line.amount),
      (comprobante.Impuestos?.Retenciones ?? []).map((line) => line.Importe),
    );
    assert.deepEqual(
      shown.taxes.filter((line: PreviewTax) => !line.withholding).map((line: PreviewTax) => line.amount ?? undefined),
      (comprobante.Impuestos?.Traslados ?? []).map((line) => line.Importe),
    );
    assert.equal(invoice.total, comprobante.Total, 'and the invoice the API answers says the same');
  });
}
