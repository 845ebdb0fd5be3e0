import type { CatalogEntry, CatalogSlug } from '../lookup.ts';
import { FORMA_PAGO } from './forma-pago.ts';
import { MONEDA } from './moneda.ts';
import { MOTIVO_CANCELACION } from './motivo-cancelacion.ts';
import { PAIS } from './pais.ts';
import { REGIMEN_FISCAL } from './regimen-fiscal.ts';
import { IMPUESTO, OBJETO_IMP, TASA_O_CUOTA, TIPO_FACTOR } from './taxes.ts';
import { USO_CFDI } from './uso-cfdi.ts';
import { EXPORTACION, MESES, METODO_PAGO, PERIODICIDAD, TIPO_COMPROBANTE, TIPO_RELACION } from './voucher.ts';

/** The catalogs every deployment has without an import, as data the product owns. */
export const BUILTIN_CATALOGS: ReadonlyMap<CatalogSlug, readonly CatalogEntry[]> = new Map<CatalogSlug, readonly CatalogEntry[]>([
  ['uso_cfdi', USO_CFDI],
  ['regimen_fiscal', REGIMEN_FISCAL],
  ['forma_pago', FORMA_PAGO],
  ['metodo_pago', METODO_PAGO],
  ['moneda', MONEDA],
  ['impuesto', IMPUESTO],
  ['tipo_factor', TIPO_FACTOR],
  ['tasa_o_cuota', TASA_O_CUOTA],
  ['objeto_imp', OBJETO_IMP],
  ['exportacion', EXPORTACION],
  ['tipo_comprobante', TIPO_COMPROBANTE],
  ['tipo_relacion', TIPO_RELACION],
  ['periodicidad', PERIODICIDAD],
  ['meses', MESES],
  ['pais', PAIS],
  ['motivo_cancelacion', MOTIVO_CANCELACION],
]);
