/**
 * `invoicing cfdi ...`: offline CFDI 4.0 tools. All input and output goes through the injected
 * functions, so this file stays free of fs and process (the binary wires them).
 *
 * `verify` and `validate` give the API's verdicts (cfdi/check.ts runs the same checks): a check
 * that cannot run here — a timbre whose SAT/PAC certificate is not in `--sat-certs`, the live
 * status, which the command line never asks — is never a pass. Exit codes: 0 every check passed,
 * 1 a check failed, 2 bad usage or bytes that are no XML document, 3 nothing failed but a check
 * could not run here (not verifiable here).
 */
import path from 'node:path';
import { cadenaOriginalFromElement } from './cadena.ts';
import { finishCfdiChecks, readCfdi, type CheckedCfdi, type TimbreCertificateLookup } from './check.ts';
import { checkOf, type ValidationCheck } from './checks.ts';
import { CredentialError, readCertificate } from './credentials.ts';
import type { SatCertificate } from './credentials.ts';
import { CfdiError } from './errors.ts';
import { parseCfdi } from './parse.ts';
import type { ParsedCfdi } from './parse.ts';
import { REMEDIATIONS } from './rules/codes.ts';
import type { CatalogLookup } from './rules/index.ts';
import { attributePath, TFD_PATH } from './rules/patterns.ts';
import { verifyParsedSeal } from './seal.ts';
import type { SealVerification } from './seal.ts';
import { findTimbreElement, timbreFieldsFromElement, verifyTimbre } from './tfd.ts';
import type { TimbreFields } from './tfd.ts';
import type { SchemaChecker } from './xsd/schema-check.ts';

export interface CfdiCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (file: string) => Promise<Buffer>;
  readDir: (directory: string) => Promise<string[]>;
  /** The current instant for `validate`'s Fecha rules; without it those rules are skipped (and say so). */
  now?: () => Date;
  /** SAT catalogs for `validate`; a catalog missing from them is checked for key formats only (and a warning says so). */
  catalogs?: CatalogLookup;
  /** The SAT's XSDs, for the structure checks of `validate` and `verify` (loaded only by them: compiling them is most of a command's time). */
  schema?: () => Promise<SchemaChecker>;
}

const CFDI_USAGE = `Usage: invoicing cfdi <command> FILE [options]

Commands:
  cadena FILE                     print the cadena original of a CFDI 4.0 (as the SAT XSLT computes it)
  verify FILE [--sat-certs DIR]   the signature checks: the Sello with the embedded certificate (a CSD
                                  of the Emisor, valid at Fecha) and the timbre's SelloSAT with
                                  DIR/<NoCertificadoSAT>.cer; prints JSON.
  validate FILE [--sat-certs DIR] every check of POST /v1/validations (XSD structure, rules,
                                  arithmetic, catalogs, dates, Sello, SelloSAT with DIR); prints JSON
                                  with each check's outcome. The live SAT status is never asked here,
                                  so a stamped CFDI is at best not verifiable here (exit 3).

Without DIR, or without its certificate there, a timbre is not verifiable here: never a pass.
Exit codes: 0 every check passed; 1 a check failed; 2 bad usage or no XML document;
3 nothing failed, but a check could not run here.`;

class UsageError extends Error {}

/** 0 every check passed, 1 one failed, 3 none failed but one could not run here. */
function exitCodeOf(checks: readonly ValidationCheck[]): number {
  if (checks.some((check) => check.status === 'failed')) return 1;
  return checks.some((check) => check.status === 'not_run') ? 3 : 0;
}

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
  // The credential's own reasons are no catalog codes: the message says what is wrong with the file.
  if (error instanceof CredentialError) return error.message;
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

/** Where `--sat-certs` left a timbre's certificate: read, or why it is not at hand here. */
type CertificateAtHand = { certificate: SatCertificate } | { missing: string };

const STATUS_NOT_ASKED =
  'The command line does not ask the SAT for the live status (Vigente, Cancelado): POST /v1/validations does, with a live key on a server that reaches the SAT.';

/** Both steps of check.ts, as the API runs them; the timbre's certificate from `--sat-certs`. */
async function runChecks(bytes: Buffer, options: Options, io: CfdiCommandIo): Promise<CheckedCfdi> {
  const schema = await io.schema?.();
  const reading = readCfdi(bytes, schema ? { schema } : {});
  return finishCfdiChecks(reading, {
    ...(io.now ? { now: io.now() } : {}),
    ...(io.catalogs ? { catalogs: io.catalogs } : {}),
    timbreCertificate: async (noCertificadoSat: string): Promise<TimbreCertificateLookup> => {
      const atHand = await certificateAtHand(noCertificadoSat, options, io);
      return 'certificate' in atHand ? { status: 'found', certificate: atHand.certificate } : { status: 'unknown_here', message: atHand.missing };
    },
    liveStatus: async () => [
      {
        code: 'cfdi.status_not_verifiable_here',
        path: attributePath(TFD_PATH, 'UUID'),
        message: STATUS_NOT_ASKED,
        remediation: REMEDIATIONS['cfdi.status_not_verifiable_here'],
      },
    ],
  });
}

const SIGNATURE_CHECKS: ReadonlySet<string> = new Set(['seal', 'timbre']);

async function verifyCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const options = parseOptions(args, true);
  const bytes = await readInput(io, options.file, 'file');
  const parsed = parseBytes(bytes, options.file);
  const sello = verifyParsedSeal(parsed);
  const element = findTimbreElement(parsed.root);
  const timbre = element && (await checkTimbre(timbreFieldsFromElement(element), parsed.comprobante.Sello, options, io));
  // Pass or fail is decided by the same checks as `validate` and the API, on their signature part:
  // a FIEL seal, a certificate of another RFC or a timbre that cannot be verified here never passes.
  const result = await runChecks(bytes, options, io);
  const checks = result.checks.filter((check) => SIGNATURE_CHECKS.has(check.id));
  const errors = result.errors.filter((issue) => SIGNATURE_CHECKS.has(checkOf(issue)));
  const code = exitCodeOf(checks);
  const report = { file: options.file, ok: code === 0, errors, checks, sello: selloReport(sello), timbre: timbre ?? null };
  io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  return code;
}

function selloReport(result: SealVerification): Omit<SealVerification, 'cadenaOriginal'> {
  const { cadenaOriginal: _cadena, ...report } = result;
  return report;
}

async function validateCommand(args: string[], io: CfdiCommandIo): Promise<number> {
  const options = parseOptions(args, true);
  const bytes = await readInput(io, options.file, 'file');
  // As the API: bytes that are no XML document stop here (exit 2); any XML document is reported.
  let result: CheckedCfdi;
  try {
    result = await runChecks(bytes, options, io);
  } catch (error) {
    if (error instanceof CfdiError) throw new CfdiError(error.code, `${options.file}: ${error.message}`, error.path);
    throw error;
  }
  io.stdout(`${JSON.stringify({ file: options.file, ...result }, null, 2)}\n`);
  return exitCodeOf(result.checks);
}

async function checkTimbre(fields: TimbreFields, sello: string | undefined, options: Options, io: CfdiCommandIo): Promise<TimbreReport> {
  const base = { uuid: fields.UUID, noCertificadoSat: fields.NoCertificadoSAT, selloCfdMatches: fields.SelloCFD === sello };
  const atHand = await certificateAtHand(fields.NoCertificadoSAT, options, io);
  if ('missing' in atHand) {
    if (!base.selloCfdMatches) {
      return { ...base, status: 'invalid', reason: 'cfdi.tfd_sello_cfd_mismatch', message: "The timbre's SelloCFD differs from the comprobante's Sello." };
    }
    return { ...base, status: 'unverified', reason: 'cfdi.tfd_not_verifiable_here', message: `SelloSAT could not be verified here: ${atHand.missing}.` };
  }
  const certificate = atHand.certificate;
  const result = verifyTimbre(fields, { certificate, ...(sello === undefined ? {} : { sello }) });
  return {
    ...base,
    status: result.ok ? 'valid' : 'invalid',
    ...(result.reason ? { reason: result.reason } : {}),
    message: result.message,
  };
}

/** The SAT/PAC certificate `<noCertificado>.cer` from `--sat-certs`, or why it is not at hand. */
async function certificateAtHand(noCertificado: string, options: Options, io: CfdiCommandIo): Promise<CertificateAtHand> {
  const directory = options.satCertificates;
  if (directory === undefined) return { missing: `no --sat-certs directory was given to find certificate ${noCertificado} in` };
  const certificate = await loadSatCertificate(noCertificado, directory, io);
  return certificate ? { certificate } : { missing: `certificate ${noCertificado} is not in ${directory} (as ${noCertificado}.cer)` };
}

/** The SAT/PAC certificate `<noCertificado>.cer` from the directory, if it is there. */
async function loadSatCertificate(noCertificado: string, directory: string, io: CfdiCommandIo): Promise<SatCertificate | undefined> {
  // Only a plain certificate number may become a file name (no path tricks from the document).
  if (!/^[0-9]{1,40}$/.test(noCertificado)) return undefined;
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
    if (error instanceof CredentialError) throw new CredentialError(error.code, `${file}: ${error.message}`, `${file}: ${error.messageEs}`);
    throw error;
  }
}
