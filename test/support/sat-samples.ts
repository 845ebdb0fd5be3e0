/**
 * The CFDI 4.0 samples of the SAT kit (../shared/sat/samples, README §4.1) with the outcome the
 * kit documents for each seal and timbre, plus helpers to read them and to run xsltproc.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFile, execFileSync } from 'node:child_process';
import { satPath } from './shared.ts';

type SealOutcome = 'valid' | 'mismatch' | 'missing';
/** A TfdOutcome is a verification result code, or `unavailable` when the kit lacks the certificate. */
type TfdOutcome = 'valid' | 'unavailable' | 'cfdi.tfd_sello_sat_mismatch';

export interface Cfdi40Sample {
  /** Path under samples/cfdi40/. */
  file: string;
  seal: SealOutcome;
  /** Emisor certificate kind as the embedded certificate shows it (undefined when absent). */
  certificateKind?: 'csd' | 'fiel';
  tfd?: { noCertificadoSat: string; outcome: TfdOutcome; selloCfdMatches: boolean; hasCadenaFile: boolean };
}

const stamped = (noCertificadoSat: string) => ({ noCertificadoSat, outcome: 'valid' as const, selloCfdMatches: true, hasCadenaFile: true });

export const cfdi40Samples: Cfdi40Sample[] = [
  { file: 'real/I_ISD950921HE5_2025-01-24_real.xml', seal: 'valid', certificateKind: 'csd', tfd: stamped('00001000000708361114') },
  { file: 'real/I_CSM190311AH6_2022-01-12_real.xml', seal: 'valid', certificateKind: 'csd', tfd: stamped('00001000000504465028') },
  { file: 'test-stamped/I_EKU9003173C9_2025-02-19_test-pac.xml', seal: 'valid', certificateKind: 'csd', tfd: stamped('30001000000500003456') },
  { file: 'test-stamped/I_EKU9003173C9_2024-06-15_finkok-demo.xml', seal: 'valid', certificateKind: 'csd', tfd: stamped('30001000000500003456') },
  { file: 'test-stamped/I_EKU9003173C9_2024-06-12_finkok-demo.xml', seal: 'valid', certificateKind: 'csd', tfd: stamped('30001000000500003456') },
  { file: 'sealed-no-tfd/P_pagos20_EKU9003173C9_2023-06-13.xml', seal: 'valid', certificateKind: 'csd' },
  { file: 'sealed-no-tfd/I_descuentos_EKU9003173C9_2023-06-18.xml', seal: 'valid', certificateKind: 'csd' },
  { file: 'sealed-no-tfd/E_EKU9003173C9_2025-03-03_generated.xml', seal: 'valid', certificateKind: 'csd' },
  { file: 'sealed-no-tfd/I_FUNK671228PH6_2025-03-03_generated.xml', seal: 'valid', certificateKind: 'csd' },
  { file: 'sealed-no-tfd/I_ONO120726RX3_2025-03-03_generated.xml', seal: 'valid', certificateKind: 'csd' },
  { file: 'sealed-no-tfd/N_nomina12_XIQB891116QE4_sealed-with-FIEL.xml', seal: 'valid', certificateKind: 'fiel' },
  { file: 'sealed-no-tfd/P_pagos20_XIQB891116QE4_sealed-with-FIEL.xml', seal: 'valid', certificateKind: 'fiel' },
  {
    file: 'negative/I_H_E951128469_tampered_seal-fails.xml',
    seal: 'mismatch',
    certificateKind: 'fiel',
    tfd: { noCertificadoSat: '30001000000400002460', outcome: 'unavailable', selloCfdMatches: true, hasCadenaFile: false },
  },
  {
    // The "timbre" is signed with the emisor's own FIEL, which is no SAT/PAC certificate.
    file: 'negative/I_H_E951128469_sealed-with-FIEL_self-signed-tfd.xml',
    seal: 'valid',
    certificateKind: 'fiel',
    tfd: { noCertificadoSat: '30001000000400002460', outcome: 'unavailable', selloCfdMatches: true, hasCadenaFile: false },
  },
  {
    file: 'negative/P_H_E951128469_sealed-with-FIEL_tfd-bad.xml',
    seal: 'valid',
    certificateKind: 'fiel',
    tfd: { noCertificadoSat: '30001000000400002460', outcome: 'unavailable', selloCfdMatches: false, hasCadenaFile: false },
  },
  {
    file: 'negative/I_JES900109Q90_2022_tfd-sellocfd-mismatch.xml',
    seal: 'valid',
    certificateKind: 'csd',
    tfd: { noCertificadoSat: '30001000000400002495', outcome: 'unavailable', selloCfdMatches: false, hasCadenaFile: false },
  },
  {
    file: 'negative/P_AAA010101AAA_2021_sat-example_tfd-unverifiable.xml',
    seal: 'valid',
    certificateKind: 'csd',
    tfd: { noCertificadoSat: '30001000000300023699', outcome: 'unavailable', selloCfdMatches: true, hasCadenaFile: false },
  },
  { file: 'negative/N_nomina12_sat-example_unsealed.xml', seal: 'missing' },
  { file: 'negative/P_pagos20_unsealed_no-certificado.xml', seal: 'missing' },
];

export function samplePath(file: string): string {
  return satPath('samples', 'cfdi40', file);
}

export function readSample(file: string): Buffer {
  return fs.readFileSync(samplePath(file));
}

/** The kit's `*.cadena.txt` (xsltproc output of cadenaoriginal_4_0.xslt) for a sample. */
export function sampleCadena(file: string): string {
  return fs.readFileSync(samplePath(file).replace(/\.xml$/, '.cadena.txt'), 'utf8');
}

/** The kit's `*.tfd-cadena.txt` (cadenaoriginal_TFD_1_1.xslt on the extracted TFD). */
export function sampleTfdCadena(file: string): string {
  return fs.readFileSync(samplePath(file).replace(/\.xml$/, '.tfd-cadena.txt'), 'utf8');
}

export const satPacCertificatesDir = (): string => satPath('credentials', 'sat-pac-certificates');

export function credentialFiles(folder: string): { certificate: Buffer; key: Buffer; password: string } {
  const directory = satPath('credentials', folder);
  const files = fs.readdirSync(directory);
  const pick = (suffix: string) => path.join(directory, files.find((file) => file.endsWith(suffix))!);
  return {
    certificate: fs.readFileSync(pick('.cer')),
    key: fs.readFileSync(pick('.key')),
    password: fs.readFileSync(path.join(directory, 'password.txt'), 'utf8').trim(),
  };
}

export const hasXsltproc = (() => {
  try {
    execFileSync('xsltproc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export const TFD_XSLT = 'xml/www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt';
export const CFDI40_XSLT = 'xml/www.sat.gob.mx/sitio_internet/cfd/4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt';

/** Runs a SAT XSLT (path under shared/sat) on an XML file; stdout as UTF-8 (stderr has libxslt's version notes). */
export function xsltproc(xslt: string, xmlFile: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('xsltproc', [satPath(xslt), xmlFile], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.toString('utf8'));
    });
  });
}

/** Maps with at most `limit` tasks in flight (the machine has two cores shared by several people). */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
