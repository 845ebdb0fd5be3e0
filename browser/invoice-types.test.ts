/**
 * Every type of comprobante the invoice form issues, created from the form in Spanish, stamped,
 * and read back from the stamped XML: its TipoDeComprobante and its related documents; credit
 * note and payment drafts edited in the form and read back through the API.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { en } from '../dashboard/src/i18n/en.ts';
import { es } from '../dashboard/src/i18n/es.ts';
import type { Invoice } from '../dashboard/src/pages/invoices/types.ts';
import { useDashboard } from './support/fixture.ts';
import { SCREENS_DIR, shoot } from './support/screens.ts';
import { createProfile, fillInvoice, signManifest, signUp } from './support/flows.ts';
import { overflowingElements } from './support/overflow.ts';
import { hasSat } from './support/sat.ts';

const app = useDashboard();

/** Creates the draft the form holds, stamps it, and answers its id, UUID and stamped XML. */
async function createAndStamp(page: Page): Promise<{ id: string; uuid: string; xml: string }> {
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).click();
  const uuid = ((await page.getByTestId('uuid').textContent()) ?? '').trim();
  const id = page.url().split('/').at(-1) ?? '';
  const response = await page.request.get(`${app.base}/v1/invoices/${id}/xml`, { headers: { 'Invoice-Mode': 'test' } });
  assert.equal(response.status(), 200, await response.text());
  return { id, uuid, xml: await response.text() };
}

test('una nota de crédito (tipo E) se relaciona con una factura timbrada del cliente elegida de la lista, y se timbra con su relación 01', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `egreso-${Date.now()}@example.com`, organization: 'Egresos Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '1000.00');
  const income = await createAndStamp(page);
  assert.match(income.xml, /TipoDeComprobante="I"/);

  await fillInvoice(page, '100.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('E');
  const related = page.getByTestId('related-fields');
  await related.getByLabel(es['invoiceTypes.relationship']).selectOption('01');
  const choice = related.getByRole('checkbox', { name: new RegExp(income.uuid) });
  await choice.check();
  // The running total is the API's preview of the credit note: 100.00 plus IVA 16 %.
  await page.getByTestId('invoice-total').getByText('$116.00').waitFor();
  await shoot(page, 'invoice-form-egreso');
  const credit = await createAndStamp(page);
  assert.match(credit.xml, /TipoDeComprobante="E"/);
  assert.match(credit.xml, /<cfdi:CfdiRelacionados TipoRelacion="01">\s*<cfdi:CfdiRelacionado UUID="([0-9A-F-]+)"/);
  const relatedUuid = /<cfdi:CfdiRelacionado UUID="([0-9A-F-]+)"/.exec(credit.xml)?.[1];
  assert.equal(relatedUuid, income.uuid.toUpperCase());
  assert.match(credit.xml, /Total="116.00"/);
  assert.deepEqual(errors, []);
});

test('un pago (tipo P) se aplica a una factura PPD elegida de la lista con su saldo insoluto, y el XML timbrado lleva el documento pagado', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `pago-${Date.now()}@example.com`, organization: 'Pagos Kemper' });
  await createProfile(page);
  await signManifest(page);
  await fillInvoice(page, '1000.00');
  await page.getByLabel(es['invoices.paymentMethod']).selectOption('PPD');
  await page.getByLabel(es['invoices.paymentForm']).selectOption('99');
  const ppd = await createAndStamp(page);
  assert.match(ppd.xml, /MetodoPago="PPD"/);

  await fillInvoice(page, '1.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('P');
  const payment = page.getByTestId('payment-fields');
  await payment.getByLabel(es['invoices.paymentForm']).selectOption('03');
  const choice = payment.getByRole('checkbox', { name: new RegExp(ppd.uuid) });
  assert.match((await payment.getByTestId('payable-balance').textContent()) ?? '', /Saldo insoluto \$1,160\.00 de \$1,160\.00 · parcialidad 1/);
  await choice.check();
  await payment.getByLabel(/Importe pagado de/).fill('500.00');
  await page.getByTestId('invoice-total').getByText('$500.00').waitFor();
  assert.ok(await page.getByText(es['invoiceForm.paymentsTotal']).isVisible());
  await shoot(page, 'invoice-form-pago');
  const paid = await createAndStamp(page);
  assert.match(paid.xml, /TipoDeComprobante="P"/);
  const docto = /<pago20:DoctoRelacionado [^>]*>/.exec(paid.xml)?.[0] ?? '';
  assert.match(docto, new RegExp(`IdDocumento="${ppd.uuid.toUpperCase()}"`), paid.xml);
  assert.match(docto, /NumParcialidad="1"/);
  assert.match(docto, /ImpSaldoAnt="1160.00"/);
  assert.match(docto, /ImpPagado="500.00"/);
  assert.match(docto, /ImpSaldoInsoluto="660.00"/);

  // The next payment sees the balance this one left.
  await fillInvoice(page, '1.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('P');
  await page
    .getByTestId('payable-balance')
    .getByText(/Saldo insoluto \$660\.00 de \$1,160\.00 · parcialidad 2/)
    .waitFor();
  assert.deepEqual(errors, []);
});

test('un traslado (tipo T) y una factura global (público en general) se crean desde el formulario y se timbran con su tipo y su información global', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `traslado-${Date.now()}@example.com`, organization: 'Traslados Kemper' });
  await createProfile(page);
  await signManifest(page);

  await fillInvoice(page, '250.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('T');
  await page.getByLabel(es['invoices.cfdiUse']).selectOption('S01');
  await page.getByLabel(es['invoices.quantity']).fill('40');
  assert.equal(await page.getByLabel(es['invoices.iva']).count(), 0, 'a transfer has no taxes');
  await page.getByTestId('invoice-total').getByText('$0.00').waitFor();
  await shoot(page, 'invoice-form-traslado');
  const transfer = await createAndStamp(page);
  assert.match(transfer.xml, /TipoDeComprobante="T"/);
  assert.match(transfer.xml, /Total="0(\.00)?"/);
  assert.doesNotMatch(transfer.xml, /FormaPago=/);

  await fillInvoice(page, '100.00');
  await page.getByLabel(es['invoiceTypes.global']).check();
  assert.equal(await page.getByLabel(es['field.rfc']).count(), 0, "the customer's fields give way to the general public");
  const month = String(new Date().getMonth() + 1).padStart(2, '0');
  const global = page.getByTestId('global-fields');
  await global.getByLabel(es['invoiceTypes.periodicity']).selectOption('04');
  await global.getByLabel(es['invoiceTypes.months']).selectOption(month);
  await page.getByLabel(es['invoices.paymentForm']).selectOption('01');
  await page.getByTestId('invoice-total').getByText('$116.00').waitFor();
  await shoot(page, 'invoice-form-global');
  const sales = await createAndStamp(page);
  assert.match(sales.xml, /TipoDeComprobante="I"/);
  assert.match(sales.xml, new RegExp(`<cfdi:InformacionGlobal [^>]*Periodicidad="04"[^>]*Meses="${month}"`));
  assert.match(sales.xml, /<cfdi:Receptor [^>]*Rfc="XAXX010101000"/);
  assert.deepEqual(errors, []);
});

test('in English, each type of the form shows its own fields in English, with nothing wider than a 375 px screen', async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `types-en-${Date.now()}@example.com`, organization: 'Types Kemper' });
  await page.goto(`${app.base}/dashboard/invoices/new`);
  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await page.getByLabel(en['invoiceTypes.type']).waitFor();
  await page.setViewportSize({ width: 375, height: 812 });
  const shown: [string, string][] = [
    ['E', en['invoiceTypes.related']],
    ['P', en['invoiceTypes.payment']],
    ['T', en['invoiceTypes.transferHint']],
  ];
  for (const [type, text] of shown) {
    await page.getByLabel(en['invoiceTypes.type']).selectOption(type);
    await page.getByText(text, { exact: true }).waitFor();
    assert.deepEqual(await overflowingElements(page), [], `type ${type} at 375 px`);
  }
  await page.getByLabel(en['invoiceTypes.type']).selectOption('I');
  await page.getByLabel(en['invoiceTypes.global']).check();
  await page.getByText(en['invoiceTypes.globalLegend'], { exact: true }).waitFor();
  assert.deepEqual(await overflowingElements(page), [], 'global invoice at 375 px');
  await page.getByLabel(en['invoiceTypes.type']).selectOption('P');
  // Without a fiscal profile there is nothing to preview: the total says what a payment needs, not that it is computing.
  await page.getByTestId('invoice-totals').getByText(en['invoiceForm.totalsIncompletePayment']).waitFor();
  await page.screenshot({ path: path.join(SCREENS_DIR, 'invoice-form-payment-en-375.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

/** Saves the draft the form holds and answers its id, once its page shows it. */
async function createDraft(page: Page): Promise<string> {
  await page.getByRole('button', { name: es['invoices.createSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  return page.url().split('/').at(-1) ?? '';
}

/** Opens the draft's edit form from its page. */
async function openEdit(page: Page): Promise<void> {
  await page.getByRole('link', { name: es['invoices.edit'], exact: true }).click();
  await page.getByRole('button', { name: es['invoices.editSubmit'] }).waitFor();
}

/**
 * The page in English at 375 px, saved as `<name>-en-375.png` with nothing wider than the screen;
 * then back in Spanish at 1280 px.
 */
async function shootEnglish(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: es['shell.language'] }).selectOption('en');
  await page.getByRole('combobox', { name: en['shell.language'] }).waitFor();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-en-375.png`), fullPage: true });
  assert.deepEqual(await overflowingElements(page), [], `${name} in English at 375 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('combobox', { name: en['shell.language'] }).selectOption('es');
  await page.getByRole('combobox', { name: es['shell.language'] }).waitFor();
}

/** Saves the edit form and answers the draft as the API now gives it. */
async function saveAndRead(page: Page, id: string): Promise<Invoice> {
  await page.getByRole('button', { name: es['invoices.editSubmit'] }).click();
  await page.getByRole('button', { name: es['invoices.stamp'] }).waitFor();
  assert.equal(page.url().split('/').at(-1), id, 'the same draft, not a new one');
  const response = await page.request.get(`${app.base}/v1/invoices/${id}`, { headers: { 'Invoice-Mode': 'test' } });
  assert.equal(response.status(), 200, await response.text());
  return (await response.json()) as Invoice;
}

test('una nota de crédito y un pago en borrador se abren en el formulario con sus relaciones y pagos, y sus cambios se guardan en el borrador', {
  skip: hasSat ? false : '../shared/sat is not present',
}, async () => {
  const { page, errors } = await app.newPage();
  await signUp(page, app.base, { email: `editar-tipos-${Date.now()}@example.com`, organization: 'Edición Kemper' });
  await createProfile(page);
  await signManifest(page);
  // The app's clock stands still, so every CFDI of this file is sealed in the same second, and the
  // PAC refuses one identical to another of the same issuer (every account has the SAT's test CSD):
  // a serie of their own keeps these invoices apart from the other tests' (folio 1 of 1000.00…).
  await fillInvoice(page, '1000.00');
  await page.getByLabel(es['invoices.serie'], { exact: true }).fill('ED');
  const first = await createAndStamp(page);
  await fillInvoice(page, '1000.00');
  await page.getByLabel(es['invoices.serie'], { exact: true }).fill('ED');
  await page.getByLabel(es['invoices.paymentMethod']).selectOption('PPD');
  await page.getByLabel(es['invoices.paymentForm']).selectOption('99');
  const ppd = await createAndStamp(page);

  // A credit note related to the first invoice, with a serie and the customer's e-mail, then
  // changed to a devolución of the second one with its serie and e-mail emptied.
  await fillInvoice(page, '100.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('E');
  await page.getByLabel(es['invoices.serie'], { exact: true }).fill('NC');
  await page.getByLabel(es['email.customerEmail'], { exact: true }).fill('compras@example.com');
  let related = page.getByTestId('related-fields');
  await related.getByRole('checkbox', { name: new RegExp(first.uuid, 'i') }).check();
  const credit = await createDraft(page);
  await openEdit(page);
  related = page.getByTestId('related-fields');
  assert.equal(await related.getByLabel(es['invoiceTypes.relationship']).inputValue(), '01');
  const firstChoice = related.getByRole('checkbox', { name: new RegExp(first.uuid, 'i') });
  assert.ok(await firstChoice.isChecked(), "the draft's related invoice shows checked");
  assert.equal(await page.getByLabel(es['invoices.unitPrice']).inputValue(), '100.00');
  assert.equal(await page.getByLabel(es['invoices.serie'], { exact: true }).inputValue(), 'NC');
  await shoot(page, 'invoice-edit-egreso');
  await shootEnglish(page, 'invoice-edit-egreso');
  await page.getByLabel(es['invoices.serie'], { exact: true }).fill('');
  await page.getByLabel(es['email.customerEmail'], { exact: true }).fill('');
  await related.getByLabel(es['invoiceTypes.relationship']).selectOption('03');
  await firstChoice.uncheck();
  await related.getByRole('checkbox', { name: new RegExp(ppd.uuid, 'i') }).check();
  await page.getByLabel(es['invoices.unitPrice']).fill('50.00');
  await page.getByTestId('invoice-total').getByText('$58.00').waitFor();
  const savedCredit = await saveAndRead(page, credit);
  assert.equal(savedCredit.type, 'E');
  assert.equal(savedCredit.status, 'draft');
  assert.deepEqual(savedCredit.related, [{ relationship: '03', uuids: [ppd.uuid.toUpperCase()] }]);
  assert.equal(savedCredit.total, '58.00');
  assert.equal(savedCredit.serie, null, 'the emptied serie is cleared');
  assert.equal(savedCredit.customer.email, null, "the emptied customer's e-mail is cleared");

  // A payment of 500.00 of the PPD invoice, then changed to 300.00 with an operation number.
  await fillInvoice(page, '1.00');
  await page.getByLabel(es['invoiceTypes.type']).selectOption('P');
  // An empty payment's total asks for the invoices it pays, not for items.
  await page.getByTestId('invoice-totals').getByText(es['invoiceForm.totalsIncompletePayment']).waitFor();
  // The customer's uso (G03) gives way to a payment's CP01, shown and not editable.
  const uso = page.getByLabel(es['invoices.cfdiUse']);
  assert.equal(await uso.inputValue(), es['invoiceTypes.paymentUse']);
  assert.equal(await uso.isEditable(), false);
  let payment = page.getByTestId('payment-fields');
  await payment.getByLabel(es['invoices.paymentForm']).selectOption('03');
  await payment.getByRole('checkbox', { name: new RegExp(ppd.uuid, 'i') }).check();
  await payment.getByLabel(/Importe pagado de/).fill('500.00');
  const paymentDraft = await createDraft(page);
  await openEdit(page);
  payment = page.getByTestId('payment-fields');
  assert.ok(await payment.getByRole('checkbox', { name: new RegExp(ppd.uuid, 'i') }).isChecked(), 'the paid invoice shows checked');
  const paymentForm = payment.getByLabel(es['invoices.paymentForm']);
  // The forma de pago's options come from the catalog: its value shows once they are there.
  await paymentForm.locator('option[value="03"]').waitFor({ state: 'attached' });
  assert.equal(await paymentForm.inputValue(), '03');
  const amount = payment.getByLabel(/Importe pagado de/);
  assert.equal(await amount.inputValue(), '500.00');
  assert.equal(await page.getByLabel(es['invoices.cfdiUse']).inputValue(), es['invoiceTypes.paymentUse']);
  await shoot(page, 'invoice-edit-pago');
  await shootEnglish(page, 'invoice-edit-pago');
  await amount.fill('300.00');
  await payment.getByLabel(es['invoiceTypes.operationNumber']).fill('SPEI-4410');
  await page.getByTestId('invoice-total').getByText('$300.00').waitFor();
  const savedPayment = await saveAndRead(page, paymentDraft);
  assert.equal(savedPayment.type, 'P');
  assert.equal(savedPayment.customer.use, 'CP01');
  const [saved] = savedPayment.payments ?? [];
  assert.ok(saved, 'the draft has its payment');
  assert.equal(saved.payment_form, '03');
  assert.equal(saved.operation_number, 'SPEI-4410');
  assert.equal(saved.amount, '300.00');
  assert.equal(saved.documents.length, 1);
  const [document] = saved.documents;
  assert.ok(document, 'the payment has its document');
  assert.equal(document.invoice, ppd.id);
  assert.equal(document.uuid, ppd.uuid.toUpperCase());
  assert.equal(document.installment, 1);
  assert.equal(document.previous_balance, '1160.00');
  assert.equal(document.amount_paid, '300.00');
  assert.equal(document.balance, '860.00');
  assert.deepEqual(errors, []);
});
