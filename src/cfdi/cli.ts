/**
 * `invoicing cfdi ...`: offline CFDI 4.0 tools. All input and output goes through the injected
 * functions, so this file stays free of fs and process (the binary wires them).
 */
import path from 'node:path';
import { cadenaOriginalFromElement } from './cadena.ts';
import { CredentialError, readCertificate } from './credentials.ts';
import type { SatCertificate } from './credentials.ts';
import { CfdiError } from './errors.ts';
import { parseCfdi } from './parse.ts';
import type { ParsedCfdi } from './parse.ts';
import { verifyParsedSeal } from './seal.ts';
import type { SealVerification } from './seal.ts';
import { findTimbreElement, timbreFieldsFromElement, verifyTimbre } from './tfd.ts';
import type { TimbreFields } from './tfd.ts';
import type { CatalogLookup, ValidationResult } from './rules/index.ts';
import { finishCfdiChecks, readCfdi } from './check.ts';
import type { SchemaChecker } from './xsd/schema-check.ts';

export interface CfdiCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (file: string) => Promise<Buffer>;
  readDir: (directory: string) => Promise<string[]>;
  /** The current instant for `validate`'s Fecha rules; without it those rules are skipped (and say so). */
  now?: () => Date;
  /** SAT catalogs for `validate`; without them only code formats are checked (and a warning says so). */
  catalogs?: CatalogLookup;
  /** The SAT's XSDs, for the structure checks of `validate` and `verify` (loaded only by them: compiling them is most of a command's time). */
  schema?: () => Promise<SchemaChecker>;
}

const CFDI_USAGE = `Usage: invoicing cfdi <command> FILE [options]

Commands:
  cadena FILE                     print the cadena original of a CFDI 4.0 (as the SAT XSLT computes it)
  verify FILE [--sat-certs DIR]   verify the Sello with the embedded certificate (a CSD of the Emisor,
                                  valid at Fecha) and, with DIR holding <NoCertificadoSAT>.cer, the
                                  timbre's SelloSAT; prints JSON. Exit 0 only when every signature
                                  check passes (with DIR, a timbre whose certificate is missing fails).
  validate FILE [--sat-certs DIR] run every check of POST /v1/validations but the SAT status (XSD
                                  structure, rules, arithmetic, catalogs, dates, Sello and, with DIR,
                                  SelloSAT); prints JSON. Exit 0 when valid.`;

/** Exit codes: 0 = done and every check passed, 1 = a seal failed, 2 = bad usage or unreadable input. */
class UsageError extends Error {}

export async function runCfdiCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const [command, ...rest] = args[0] === 'cfdi' ? args.slice(1) : args;
  try {
    switch (command) {
      case 'cadena':
        return await cadenaCommand(rest, io);
      case 'verify':
        return await verifyCommand(rest, io);
      case 'validate':
        return await validateCommand(rest, io);
      case undefined:
        io.stderr(CFDI_USAGE);
        return 2;
      case 'help':
      case '--help':
      case '-h':
        io.stdout(CFDI_USAGE);
        return 0;
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    io.stderr(`cfdi: ${describe(error)}`);
    if (error instanceof UsageError) io.stderr(CFDI_USAGE);
    return 2;
  }
}

function describe(error: unknown): string {
  if (error instanceof CfdiError) return `${error.code}: ${error.message}${error.path ? ` (${error.path})` : ''}`;
  if (error instanceof CredentialError) return `${error.code}: ${error.message}`;
  if (error instanceof Error) return error.message.split('\n')[0] ?? 'failed';
  return String(error);
}

interface Options {
  file: string;
  satCertificates?: string;
}

function parseOptions(args: string[], allowSatCertificates: boolean): Options {
  const positional: string[] = [];
  let satCertificates: string | undefined;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (allowSatCertificates && (arg === '--sat-certs' || arg.startsWith('--sat-certs='))) {
      satCertificates = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[(index += 1)];
      if (!satCertificates) throw new UsageError('--sat-certs needs a directory');
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option '${arg}'`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length !== 1) throw new UsageError('expected exactly one FILE');
  return { file: positional[0]!, ...(satCertificates === undefined ? {} : { satCertificates }) };
}

async function readInput(io: CfdiCommandIo, file: string, what: string): Promise<Buffer> {
  try {
    return await io.readFile(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(`cannot read ${what} ${file}${code ? ` (${code})` : ''}`);
  }
}

async function parseFile(io: CfdiCommandIo, file: string): Promise<ParsedCfdi> {
  return parseBytes(await readInput(io, file, 'file'), file);
}

/** The document, or the parser's error (exit 2) naming the file. */
function parseBytes(bytes: Buffer, file: string): ParsedCfdi {
  try {
    return parseCfdi(bytes);
  } catch (error) {
    if (error instanceof CfdiError) throw new CfdiError(error.code, `${file}: ${error.message}`, error.path);
    throw error;
  }
}

async function cadenaCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const { file } = parseOptions(args, false);
  const parsed = await parseFile(io, file);
  io.stdout(`${cadenaOriginalFromElement(parsed.root)}\n`);
  return 0;
}

type TimbreStatus = 'valid' | 'invalid' | 'unverified';

interface TimbreReport {
  uuid: string;
  noCertificadoSat: string;
  status: TimbreStatus;
  reason?: string;
  message: string;
  selloCfdMatches: boolean;
}

/** The issues `verify` reports: those about the Sello, the certificate and the timbre. */
const SIGNATURE_CODE = /^cfdi\.(sello_|malformed_sello|certificado_|no_certificado|not_a_csd|csd_|tfd_|no_tfd)/;

/** Both steps of check.ts, as the API runs them; the timbre's certificate from `--sat-certs`. */
async function runChecks(bytes: Buffer, options: Options, io: CfdiCommandIo): Promise<ValidationResult> {
  const schema = await io.schema?.();
  const reading = readCfdi(bytes, schema ? { schema } : {});
  return finishCfdiChecks(reading, {
    ...(io.now ? { now: io.now() } : {}),
    ...(io.catalogs ? { catalogs: io.catalogs } : {}),
    ...(options.satCertificates === undefined
      ? {}
      : {
          timbreCertificate: async (noCertificadoSat: string) => {
            const certificate = await loadSatCertificate(noCertificadoSat, options.satCertificates, io);
            return certificate ? { status: 'found' as const, certificate } : { status: 'not_found' as const };
          },
        }),
  });
}

async function verifyCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const options = parseOptions(args, true);
  const bytes = await readInput(io, options.file, 'file');
  const parsed = parseBytes(bytes, options.file);
  const sello = verifyParsedSeal(parsed);
  const element = findTimbreElement(parsed.root);
  const timbre = element && (await checkTimbre(timbreFieldsFromElement(element), parsed.comprobante.Sello, options, io));
  // Pass or fail is decided by the same checks as `validate` and the API, on their signature part:
  // a FIEL seal, a certificate of another RFC or a timbre that cannot be verified all fail.
  const errors = (await runChecks(bytes, options, io)).errors.filter((issue) => SIGNATURE_CODE.test(issue.code));
  const ok = errors.length === 0;
  io.stdout(`${JSON.stringify({ file: options.file, ok, errors, sello: selloReport(sello), timbre: timbre ?? null }, null, 2)}\n`);
  return ok ? 0 : 1;
}

function selloReport(result: SealVerification): Omit<SealVerification, 'cadenaOriginal'> {
  const { cadenaOriginal: _cadena, ...report } = result;
  return report;
}

async function validateCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const options = parseOptions(args, true);
  const bytes = await readInput(io, options.file, 'file');
  // As the API: bytes that are no XML document stop here (exit 2); any XML document is reported.
  let result: ValidationResult;
  try {
    result = await runChecks(bytes, options, io);
  } catch (error) {
    if (error instanceof CfdiError) throw new CfdiError(error.code, `${options.file}: ${error.message}`, error.path);
    throw error;
  }
  io.stdout(`${JSON.stringify({ file: options.file, ...result }, null, 2)}\n`);
  return result.valid ? 0 : 1;
}

async function checkTimbre(fields: TimbreFields, sello: string | undefined, options: Options, io: CfdiCommandIo): Promise<TimbreReport> {
  const base = { uuid: fields.UUID, noCertificadoSat: fields.NoCertificadoSAT, selloCfdMatches: fields.SelloCFD === sello };
  const certificate = await loadSatCertificate(fields.NoCertificadoSAT, options.satCertificates, io);
  if (certificate === undefined) {
    if (!base.selloCfdMatches) {
      return { ...base, status: 'invalid', reason: 'cfdi.tfd_sello_cfd_mismatch', message: "The timbre's SelloCFD differs from the comprobante's Sello." };
    }
    const where =
      options.satCertificates === undefined ? 'no --sat-certs directory was given' : `no ${fields.NoCertificadoSAT}.cer in ${options.satCertificates}`;
    return { ...base, status: 'unverified', reason: 'cfdi.tfd_certificado_unavailable', message: `SelloSAT not checked: ${where}.` };
  }
  const result = verifyTimbre(fields, { certificate, ...(sello === undefined ? {} : { sello }) });
  return {
    ...base,
    status: result.ok ? 'valid' : 'invalid',
    ...(result.reason ? { reason: result.reason } : {}),
    message: result.message,
  };
}

/** The SAT/PAC certificate `<noCertificado>.cer` from the directory, if it is there. */
async function loadSatCertificate(noCertificado: string, directory: string | undefined, io: CfdiCommandIo): Promise<SatCertificate | undefined> {
  // Only a plain certificate number may become a file name (no path tricks from the document).
  if (directory === undefined || !/^[0-9]{1,40}$/.test(noCertificado)) return undefined;
  let names: string[];
  try {
    names = await io.readDir(directory);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(`cannot read directory ${directory}${code ? ` (${code})` : ''}`);
  }
  const name = `${noCertificado}.cer`;
  if (!names.includes(name)) return undefined;
  const file = path.join(directory, name);
  const bytes = await readInput(io, file, 'certificate');
  try {
    return readCertificate(bytes);
  } catch (error) {
    if (error instanceof CredentialError) throw new CredentialError(error.code, `${file}: ${error.message}`);
    throw error;
  }
}
