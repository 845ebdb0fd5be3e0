import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findPagos } from '../../../cfdi/model.ts';
import { ApiError, type FieldError } from '../../../platform/errors/api-error.ts';
import { BUILTIN_CATALOGS } from '../../catalogs/builtin/index.ts';
import { cfdiLookupOf } from '../../catalogs/cfdi-lookup.ts';
import { createIndex } from '../../catalogs/memory-lookup.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { apiMessage, apiPath, dottedPath } from './paths.ts';
import { referencesOf } from './references.ts';
import { draftComprobante, type DraftContext } from './validate.ts';

const index = createIndex(BUILTIN_CATALOGS);
const context: DraftContext = {
  issuer: { rfc: 'EKU9003173C9', legalName: 'ESCUELA KEMPER URGATE', taxRegime: '601', zip: '42501' },
  currencyDecimals: (code) => index.currencyDecimals(code),
  references: referencesOf([]),
  catalogs: cfdiLookupOf(() => index),
  now: new Date('2026-07-15T18:00:00Z'),
  timeZone: 'America/Mexico_City',
};

const customer = { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', tax_regime: '601', postal_code: '86991', cfdi_use: 'G03' };
const item = { product_key: '81112100', unit_key: 'E48', description: 'Servicio', unit_price: '100.00' };

function errorsOf(input: InvoiceInput): FieldError[] {
  try {
    draftComprobante(input, context);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.equal(error.code, 'cfdi.invalid_input');
    return error.errors ?? [];
  }
  assert.fail('expected cfdi.invalid_input');
}

test('engine locations become dotted paths without the wrapper elements', () => {
  assert.equal(dottedPath('/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/@ValorUnitario'), 'Conceptos.1.ValorUnitario');
  assert.equal(
    dottedPath('/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[1]/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[2]/@TasaOCuota'),
    'Conceptos.0.Retenciones.1.TasaOCuota',
  );
  assert.equal(
    dottedPath(
      '/cfdi:Comprobante/cfdi:Complemento/pago20:Pagos/pago20:Pago[1]/pago20:DoctoRelacionado[3]/pago20:ImpuestosDR/pago20:TrasladosDR/pago20:TrasladoDR[1]/@BaseDR',
    ),
    'Pago.0.DoctoRelacionado.2.TrasladosDR.0.BaseDR',
  );
  assert.equal(dottedPath('/cfdi:Comprobante/cfdi:Impuestos/@TotalImpuestosTrasladados'), 'Impuestos.TotalImpuestosTrasladados');
  assert.equal(dottedPath('Conceptos.0.Cantidad'), 'Conceptos.0.Cantidad');
});

test("a tax path names the caller's tax, whatever the split into transferred and withheld", () => {
  const input = {
    customer,
    items: [
      item,
      {
        ...item,
        taxes: [
          { type: 'ISR' as const, rate: '0.1', withholding: true },
          { type: 'IVA' as const, rate: '0.16' },
          { type: 'IVA' as const, rate: '0.106667', withholding: true },
        ],
      },
    ],
  } as unknown as InvoiceInput;
  assert.equal(apiPath('Conceptos.1.Traslados.0.TasaOCuota', input), 'items.1.taxes.1.rate');
  assert.equal(apiPath('Conceptos.1.Retenciones.1.TipoFactor', input), 'items.1.taxes.2.factor');
  assert.equal(
    apiPath('/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[2]/cfdi:Impuestos/cfdi:Retenciones/cfdi:Retencion[1]/@Base', input),
    'items.1.taxes.0.base',
  );
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:Conceptos/cfdi:Concepto[1]/@Importe', input), 'items.0');
  assert.equal(apiPath('/cfdi:Comprobante/@SubTotal', input), 'items');
});

test('receptor, related, global and payment paths follow the field the caller used', () => {
  const input = {
    customer: { rfc: 'X', use: 'G03' },
    related: [{ relationship: '01', uuids: ['a'], invoices: ['inv_1', 'inv_2'] }],
    payments: [{ date: '', payment_form: '03', documents: [{ invoice: 'inv_1', taxes: [{ type: 'IVA', withholding: true }, { type: 'IVA' }] }] }],
  } as unknown as InvoiceInput;
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:Receptor/@UsoCFDI', input), 'customer.use');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:Receptor/@UsoCFDI', { ...input, customer: { rfc: 'X' }, use: 'G03' }), 'use');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:Receptor/@DomicilioFiscalReceptor', input), 'customer.postal_code');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:CfdiRelacionados[1]/cfdi:CfdiRelacionado[3]/@UUID', input), 'related.0.invoices.1');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:CfdiRelacionados[1]/cfdi:CfdiRelacionado[1]/@UUID', input), 'related.0.uuids.0');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:InformacionGlobal/@Año', input), 'global.year');
  assert.equal(apiPath('/cfdi:Comprobante/cfdi:Emisor/@RegimenFiscal', input), 'fiscal_profile_id');
  assert.equal(apiPath('Pago.0.DoctoRelacionado.0.IdDocumento', input), 'payments.0.documents.0.invoice');
  assert.equal(apiPath('Pago.0.DoctoRelacionado.0.TrasladosDR.0.TasaOCuotaDR', input), 'payments.0.documents.0.taxes.1.rate');
  assert.equal(apiPath('Pago.0.DoctoRelacionado.0.ImpSaldoAnt', input), 'payments.0.documents.0.previous_balance');
  assert.equal(apiPath('Pago.0.FormaDePagoP', input), 'payments.0.payment_form');
  assert.equal(apiMessage('ValorUnitario must be greater than 0; TasaOCuota "x".'), 'unit_price must be greater than 0; rate "x".');
});

test('a valid request maps to the CFDI model with SAT names and computed amounts', () => {
  const comprobante = draftComprobante(
    {
      fiscal_profile_id: 'fp_x',
      customer,
      payment_form: '03',
      serie: 'A',
      items: [{ ...item, quantity: '3', discount: '30.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
    },
    context,
  );
  assert.equal(comprobante.TipoDeComprobante, 'I');
  assert.equal(comprobante.MetodoPago, 'PUE');
  assert.equal(comprobante.Moneda, 'MXN');
  assert.equal(comprobante.Exportacion, '01');
  assert.equal(comprobante.LugarExpedicion, '42501');
  assert.equal(comprobante.Serie, 'A');
  assert.deepEqual(comprobante.Emisor, { Rfc: 'EKU9003173C9', Nombre: 'ESCUELA KEMPER URGATE', RegimenFiscal: '601' });
  assert.deepEqual(comprobante.Receptor, {
    Rfc: 'URE180429TM6',
    Nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
    DomicilioFiscalReceptor: '86991',
    RegimenFiscalReceptor: '601',
    UsoCFDI: 'G03',
  });
  assert.deepEqual([comprobante.SubTotal, comprobante.Descuento, comprobante.Total], ['300.00', '30.00', '313.20']);
  assert.deepEqual(comprobante.Conceptos[0]?.Impuestos?.Traslados, [
    { Base: '270.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '43.20' },
  ]);
});

test('a payment maps to the fixed Pago concept in XXX with the complement computed', () => {
  const comprobante = draftComprobante(
    {
      fiscal_profile_id: 'fp_x',
      type: 'P',
      customer: { ...customer, cfdi_use: undefined },
      payments: [
        {
          date: '2026-07-14',
          payment_form: '03',
          currency: 'USD',
          exchange_rate: '18.00',
          documents: [{ uuid: '5fb2822e-396d-4725-8521-cdc4bdd20ccf', currency: 'USD', installment: 2, previous_balance: '500.00', amount_paid: '200.00' }],
        },
      ],
    },
    context,
  );
  assert.equal(comprobante.Moneda, 'XXX');
  assert.equal(comprobante.Total, '0');
  assert.equal(comprobante.Receptor.UsoCFDI, 'CP01');
  assert.equal(comprobante.FormaPago, undefined);
  assert.equal(comprobante.Conceptos[0]?.ClaveProdServ, '84111506');
  const pago = findPagos(comprobante)?.Pago[0];
  assert.equal(pago?.FechaPago, '2026-07-14T12:00:00');
  assert.equal(pago?.Monto, '200.00');
  assert.equal(pago?.DoctoRelacionado[0]?.ImpSaldoInsoluto, '300.00');
  assert.equal(pago?.DoctoRelacionado[0]?.ObjetoImpDR, '01');
  assert.equal(findPagos(comprobante)?.Totales.MontoTotalPagos, '3600.00');
});

test('an item with failing amounts is reported once per field, without echoes of the placeholders', () => {
  const errors = errorsOf({
    fiscal_profile_id: 'fp_x',
    customer,
    payment_form: '03',
    items: [{ ...item, unit_price: 'x', discount: '5.00', taxes: [{ type: 'IVA', rate: '0.16' }] }],
  });
  assert.deepEqual(
    errors.map((error) => `${error.path} ${error.code}`),
    ['items.0.unit_price cfdi.invalid_amount'],
  );
});

test("the general public gets the SAT's generic receptor data, and InformacionGlobal is required", () => {
  const errors = errorsOf({ fiscal_profile_id: 'fp_x', customer: { rfc: 'xaxx010101000' }, payment_form: '01', items: [item] });
  assert.deepEqual(
    errors.map((error) => error.path),
    ['global'],
  );
  const comprobante = draftComprobante(
    {
      fiscal_profile_id: 'fp_x',
      customer: { rfc: 'XAXX010101000' },
      payment_form: '01',
      items: [item],
      global: { periodicity: '01', months: '07', year: '2026' },
    },
    context,
  );
  assert.deepEqual(comprobante.Receptor, {
    Rfc: 'XAXX010101000',
    Nombre: 'PUBLICO EN GENERAL',
    DomicilioFiscalReceptor: '42501',
    RegimenFiscalReceptor: '616',
    UsoCFDI: 'S01',
  });
});

test('a related invoice given by id must exist and be stamped', () => {
  const rows = [
    { id: 'inv_draft', status: 'draft', uuid: null },
    { id: 'inv_ok', status: 'stamped', uuid: 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE', serie: '', folio: '9', currency: 'MXN' },
  ];
  const withRows = { ...context, references: referencesOf(rows as never) };
  const input: InvoiceInput = {
    fiscal_profile_id: 'fp_x',
    customer,
    payment_form: '03',
    items: [item],
    related: [{ relationship: '01', invoices: ['inv_ok', 'inv_draft', 'inv_gone'] }],
  };
  try {
    draftComprobante(input, withRows);
    assert.fail('expected an error');
  } catch (error) {
    assert.ok(error instanceof ApiError);
    assert.deepEqual(
      error.errors?.map((entry) => `${entry.path} ${entry.code}`),
      ['related.0.invoices.1 invoice.not_stamped', 'related.0.invoices.2 resource.not_found'],
    );
  }
  const valid = draftComprobante({ ...input, related: [{ relationship: '01', invoices: ['inv_ok'] }] }, withRows);
  assert.deepEqual(valid.CfdiRelacionados, [{ TipoRelacion: '01', UUIDs: ['AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE'] }]);
});
