/**
 * The SAT's XSD files the service ships (`sat-public/xsd`, see its README) and the schema checker
 * built from them: CFDI 4.0 and each complemento whose schema is there. Read once per thread.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SchemaChecker, type SchemaEntry } from '../../cfdi/xsd/schema-check.ts';
import { packagePath } from '../../platform/runtime/layout.ts';

const SAT_XSD_DIRECTORY = packagePath('sat-public/xsd/');

/** The Comprobante's schema and each complemento's, by namespace (those the cadena original covers). */
const CFDI_SCHEMAS: readonly SchemaEntry[] = [
  { namespace: 'http://www.sat.gob.mx/cfd/4', location: 'sitio_internet/cfd/4/cfdv40.xsd' },
  { namespace: 'http://www.sat.gob.mx/TimbreFiscalDigital', location: 'sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd' },
  { namespace: 'http://www.sat.gob.mx/Pagos20', location: 'sitio_internet/cfd/Pagos/Pagos20.xsd' },
  { namespace: 'http://www.sat.gob.mx/nomina12', location: 'sitio_internet/cfd/nomina/nomina12.xsd' },
  { namespace: 'http://www.sat.gob.mx/implocal', location: 'sitio_internet/cfd/implocal/implocal.xsd' },
  { namespace: 'http://www.sat.gob.mx/leyendasFiscales', location: 'sitio_internet/cfd/leyendasFiscales/leyendasFisc.xsd' },
  { namespace: 'http://www.sat.gob.mx/ComercioExterior20', location: 'sitio_internet/cfd/ComercioExterior20/ComercioExterior20.xsd' },
  { namespace: 'http://www.sat.gob.mx/ComercioExterior11', location: 'sitio_internet/cfd/ComercioExterior11/ComercioExterior11.xsd' },
  { namespace: 'http://www.sat.gob.mx/CartaPorte20', location: 'sitio_internet/cfd/CartaPorte/CartaPorte20.xsd' },
  { namespace: 'http://www.sat.gob.mx/CartaPorte30', location: 'sitio_internet/cfd/CartaPorte/CartaPorte30.xsd' },
  { namespace: 'http://www.sat.gob.mx/CartaPorte31', location: 'sitio_internet/cfd/CartaPorte/CartaPorte31.xsd' },
  { namespace: 'http://www.sat.gob.mx/ine', location: 'sitio_internet/cfd/ine/ine11.xsd' },
  { namespace: 'http://www.sat.gob.mx/iedu', location: 'sitio_internet/cfd/iedu/iedu.xsd' },
  { namespace: 'http://www.sat.gob.mx/donat', location: 'sitio_internet/cfd/donat/donat11.xsd' },
  { namespace: 'http://www.sat.gob.mx/divisas', location: 'sitio_internet/cfd/divisas/divisas.xsd' },
  { namespace: 'http://www.sat.gob.mx/detallista', location: 'sitio_internet/cfd/detallista/detallista.xsd' },
  { namespace: 'http://www.sat.gob.mx/EstadoDeCuentaCombustible12', location: 'sitio_internet/cfd/EstadoDeCuentaCombustible/ecc12.xsd' },
  { namespace: 'http://www.sat.gob.mx/ConsumoDeCombustibles11', location: 'sitio_internet/cfd/consumodecombustibles/consumodeCombustibles11.xsd' },
  { namespace: 'http://www.sat.gob.mx/GastosHidrocarburos10', location: 'sitio_internet/cfd/GastosHidrocarburos10/GastosHidrocarburos10.xsd' },
  { namespace: 'http://www.sat.gob.mx/IngresosHidrocarburos10', location: 'sitio_internet/cfd/IngresosHidrocarburos10/IngresosHidrocarburos.xsd' },
  { namespace: 'http://www.sat.gob.mx/hidrocarburospetroliferos', location: 'sitio_internet/cfd/hidrocarburospetroliferos.xsd' },
  { namespace: 'http://www.sat.gob.mx/aerolineas', location: 'sitio_internet/cfd/aerolineas/aerolineas.xsd' },
  { namespace: 'http://www.sat.gob.mx/pfic', location: 'sitio_internet/cfd/pfic/pfic.xsd' },
  { namespace: 'http://www.sat.gob.mx/TuristaPasajeroExtranjero', location: 'sitio_internet/cfd/TuristaPasajeroExtranjero/TuristaPasajeroExtranjero.xsd' },
  { namespace: 'http://www.sat.gob.mx/registrofiscal', location: 'sitio_internet/cfd/cfdiregistrofiscal/cfdiregistrofiscal.xsd' },
  { namespace: 'http://www.sat.gob.mx/pagoenespecie', location: 'sitio_internet/cfd/pagoenespecie/pagoenespecie.xsd' },
  { namespace: 'http://www.sat.gob.mx/valesdedespensa', location: 'sitio_internet/cfd/valesdedespensa/valesdedespensa.xsd' },
  { namespace: 'http://www.sat.gob.mx/notariospublicos', location: 'sitio_internet/cfd/notariospublicos/notariospublicos.xsd' },
  { namespace: 'http://www.sat.gob.mx/vehiculousado', location: 'sitio_internet/cfd/vehiculousado/vehiculousado.xsd' },
  {
    namespace: 'http://www.sat.gob.mx/servicioparcialconstruccion',
    location: 'sitio_internet/cfd/servicioparcialconstruccion/servicioparcialconstruccion.xsd',
  },
  {
    namespace: 'http://www.sat.gob.mx/renovacionysustitucionvehiculos',
    location: 'sitio_internet/cfd/renovacionysustitucionvehiculos/renovacionysustitucionvehiculos.xsd',
  },
  { namespace: 'http://www.sat.gob.mx/certificadodestruccion', location: 'sitio_internet/cfd/certificadodestruccion/certificadodedestruccion.xsd' },
  { namespace: 'http://www.sat.gob.mx/arteantiguedades', location: 'sitio_internet/cfd/arteantiguedades/obrasarteantiguedades.xsd' },
  { namespace: 'http://www.sat.gob.mx/ventavehiculos', location: 'sitio_internet/cfd/ventavehiculos/ventavehiculos11.xsd' },
];

// Process-wide on purpose: the compiled schemas are the same for every app and cost 50 ms to build.
let checker: Promise<SchemaChecker> | undefined;

/** This thread's checker over the shipped schemas (compiled on first use, about 50 ms). */
export function cfdiSchemaChecker(): Promise<SchemaChecker> {
  checker ??= load();
  return checker;
}

function load(): Promise<SchemaChecker> {
  const files = new Map<string, Uint8Array>();
  for (const entry of fs.readdirSync(SAT_XSD_DIRECTORY, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.xsd')) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(SAT_XSD_DIRECTORY, file).split(path.sep).join('/'), fs.readFileSync(file));
  }
  return SchemaChecker.create(files, CFDI_SCHEMAS);
}
