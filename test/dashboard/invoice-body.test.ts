/**
 * The invoice form's request body with saved customers and products: the ids are sent beside the
 * fields (which the API takes as overrides), and an item's IVA choice says what it means even when
 * a product would otherwise bring its own taxes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { invoiceBody } from '../../dashboard/src/pages/invoices/invoice-body.ts';

const base = { fiscal_profile_id: 'fp_1', 'customer.rfc': 'SIM010101AA1', 'items.0.quantity': '2' };
const itemOf = (values: Record<string, string>) => (invoiceBody({ ...base, ...values }, 1).items as Record<string, unknown>[])[0];

test('a saved customer and product are sent as customer_id and product_id, and typed-in parts send neither', () => {
  const saved = invoiceBody({ ...base, customer_id: 'cus_1', 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' }, 1);
  assert.equal(saved.customer_id, 'cus_1');
  assert.equal((saved.items as Record<string, unknown>[])[0]?.product_id, 'prod_1');
  const typed = invoiceBody({ ...base, customer_id: '', 'items.0.product_id': '', 'items.0.iva': 'none' }, 1);
  assert.equal(typed.customer_id, undefined);
  assert.equal((typed.items as Record<string, unknown>[])[0]?.product_id, undefined);
});

test("an item's IVA choice: the product's own taxes, no taxes at all, or the chosen rate, with or without a product", () => {
  const own = itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' });
  assert.equal('taxes' in (own ?? {}), false, "the product's taxes apply");
  assert.deepEqual(itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'none' }), {
    ...itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': 'product' }),
    taxes: [],
    tax_object: '01',
  });
  assert.equal('taxes' in (itemOf({ 'items.0.iva': 'none' }) ?? {}), false, 'without a product, no taxes is the API default');
  assert.deepEqual(itemOf({ 'items.0.product_id': 'prod_1', 'items.0.iva': '0.080000' })?.taxes, [{ type: 'IVA', rate: '0.080000' }]);
});
