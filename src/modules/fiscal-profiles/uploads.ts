/**
 * multipart/form-data for the fiscal-profile routes, held in memory: every file is read into a
 * Buffer (no temporary files), with a size cap per field, a cap on the number of parts, and each
 * violation answered as a problem. The parsed form becomes a plain `request.body` of strings and
 * Buffers before validation, so the schema checks it and Idempotency-Key fingerprints it (file
 * bytes enter the fingerprint as their SHA-256, see src/platform/http/idempotency.ts).
 */
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldLabel } from '../../platform/errors/field-words.ts';
import { ApiError, type Bilingual, type FieldError } from '../../platform/errors/api-error.ts';
import type { Server } from '../../platform/http/server.ts';
import { assertStorableText } from '../../platform/http/text-rule.ts';
import { LOGO_BYTES, MULTIPART_FILE_LIMITS, MULTIPART_TEXT_FIELDS } from './schemas.ts';

const TEXT_FIELDS = new Set<string>(MULTIPART_TEXT_FIELDS);
const FILE_COUNT = Object.keys(MULTIPART_FILE_LIMITS).length;
// Text parts are short; metadata (50 keys of 40 + 500 characters, quoted) is the longest.
const FIELD_BYTES = 32 * 1024;

/** A part over its size limit, in both languages. */
function tooLarge(name: string, limit: number): Bilingual {
  return {
    en: `${name} is larger than ${limit} bytes.`,
    es: `${fieldLabel(name, 'es')}: el archivo o texto pasa del límite de ${Math.floor(limit / 1024)} KiB.`,
  };
}
/** Problems found while reading files, reported once the whole form has been read. */
const fileProblems = new WeakMap<FastifyRequest, ApiError[]>();
/** Requests whose form was read completely; a parse error before that is the client's. */
const parsed = new WeakSet<FastifyRequest>();

type Part = MultipartFile | MultipartValue;

function record(request: FastifyRequest, problem: ApiError): void {
  fileProblems.set(request, [...(fileProblems.get(request) ?? []), problem]);
}

/** Reads a file part into memory; an oversized or unknown part is drained and reported instead. */
async function readFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const limit = MULTIPART_FILE_LIMITS[part.fieldname];
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (limit !== undefined && size <= limit) chunks.push(chunk);
  }
  // `value` is the plugin's documented place for what an `onFile` handler read.
  part.value = Buffer.alloc(0);
  if (limit === undefined) return; // reported as an unknown field by normalizeForm
  if (size > limit || part.file.truncated) {
    record(
      this,
      new ApiError('fiscal_profile.upload_too_large', tooLarge(part.fieldname, limit), {
        errors: [{ path: part.fieldname, code: 'too_large', message: `at most ${limit} bytes.`, messageEs: tooLarge(part.fieldname, limit).es }],
      }),
    );
    return;
  }
  part.value = Buffer.concat(chunks, size);
}

function textOf(part: MultipartValue): string {
  // A part sent with Content-Type application/json arrives parsed; metadata is checked as text.
  return typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
}

/** Turns the plugin's parts into `{ name: string | Buffer }`, naming every misplaced part. */
function normalizeForm(request: FastifyRequest): Record<string, string | Buffer> {
  const problems = fileProblems.get(request);
  if (problems?.[0]) throw problems[0];
  const form = (request.body ?? {}) as Record<string, Part | Part[]>;
  const body: Record<string, string | Buffer> = {};
  const errors: FieldError[] = [];
  for (const [name, entry] of Object.entries(form)) {
    if (Array.isArray(entry)) {
      errors.push({ path: name, code: 'duplicate_field', message: `${name} was sent ${entry.length} times; send it once.` });
      continue;
    }
    const isFile = entry.type === 'file';
    if (!isFile && !TEXT_FIELDS.has(name) && MULTIPART_FILE_LIMITS[name] === undefined) {
      errors.push({ path: name, code: 'unknown_field', message: `${name} is not a recognised field.` });
    } else if (isFile && MULTIPART_FILE_LIMITS[name] === undefined) {
      errors.push({ path: name, code: TEXT_FIELDS.has(name) ? 'expected_text' : 'unknown_field', message: `${name} is not a file field.` });
    } else if (!isFile && MULTIPART_FILE_LIMITS[name] !== undefined) {
      errors.push({ path: name, code: 'expected_file', message: `${name} must be sent as a file part.` });
    } else if (isFile) {
      body[name] = (entry as MultipartFile).value as Buffer;
    } else if ((entry as MultipartValue).valueTruncated) {
      throw new ApiError(
        'fiscal_profile.upload_too_large',
        { en: `${name} is longer than ${FIELD_BYTES} bytes.`, es: tooLarge(name, FIELD_BYTES).es },
        {
          errors: [{ path: name, code: 'too_large', message: `at most ${FIELD_BYTES} bytes.`, messageEs: tooLarge(name, FIELD_BYTES).es }],
        },
      );
    } else {
      body[name] = textOf(entry as MultipartValue);
    }
  }
  if (errors.length > 0) {
    throw new ApiError(
      'request.validation_failed',
      { en: 'The form has misplaced or unknown parts.', es: 'El formulario tiene partes de más o fuera de lugar.' },
      { errors },
    );
  }
  return body;
}

const MULTIPART_ERRORS: Record<string, (part: { fieldname: string } | undefined) => ApiError> = {
  FST_REQ_FILE_TOO_LARGE: (part) => {
    const name = part?.fieldname ?? 'A file';
    const limit = MULTIPART_FILE_LIMITS[name] ?? LOGO_BYTES;
    return new ApiError('fiscal_profile.upload_too_large', tooLarge(name, limit), {
      ...(part ? { errors: [{ path: name, code: 'too_large', message: `at most ${limit} bytes.`, messageEs: tooLarge(name, limit).es }] } : {}),
    });
  },
  FST_PARTS_LIMIT: () =>
    new ApiError('fiscal_profile.too_many_parts', {
      en: 'The form has more parts than this endpoint accepts.',
      es: 'El formulario tiene más partes de las que acepta esta operación.',
    }),
  FST_FILES_LIMIT: () =>
    new ApiError('fiscal_profile.too_many_parts', {
      en: `The form has more than ${FILE_COUNT} files.`,
      es: `El formulario tiene más de ${FILE_COUNT} archivos.`,
    }),
  FST_FIELDS_LIMIT: () =>
    new ApiError('fiscal_profile.too_many_parts', {
      en: `The form has more than ${TEXT_FIELDS.size} text fields.`,
      es: `El formulario tiene más de ${TEXT_FIELDS.size} campos de texto.`,
    }),
  FST_INVALID_JSON_FIELD_ERROR: () =>
    new ApiError('fiscal_profile.invalid_upload', {
      en: 'A part declared as application/json does not hold valid JSON.',
      es: 'Una parte declarada como application/json no contiene JSON válido.',
    }),
  FST_PROTO_VIOLATION: () =>
    new ApiError('fiscal_profile.invalid_upload', { en: 'A part has a reserved name.', es: 'Una parte del formulario usa un nombre reservado.' }),
};

/** A failure while the form was being read is a malformed or oversized request, never a 500. */
function translateUploadError(request: FastifyRequest, error: unknown): unknown {
  if (error instanceof ApiError || !request.isMultipart() || parsed.has(request)) return error;
  const code = (error as { code?: string }).code;
  const known = code === undefined ? undefined : MULTIPART_ERRORS[code];
  // The plugin attaches the offending part to a size error.
  if (known) return known((error as { part?: { fieldname: string } }).part);
  if ((error as { validation?: unknown }).validation) return error;
  return new ApiError(
    'fiscal_profile.invalid_upload',
    {
      en: 'The multipart/form-data body could not be read; check its boundary and parts.',
      es: 'No se pudo leer el formulario (multipart/form-data); revise su separador (boundary) y sus partes.',
    },
    { cause: error },
  );
}

/** Registers multipart parsing, with its limits, on the plugin scope that holds the routes. */
export async function registerUploads(scope: Server): Promise<void> {
  await scope.register(multipart, {
    attachFieldsToBody: true,
    onFile: readFile,
    limits: {
      fileSize: LOGO_BYTES + 1,
      files: FILE_COUNT,
      fields: TEXT_FIELDS.size,
      parts: FILE_COUNT + TEXT_FIELDS.size,
      fieldSize: FIELD_BYTES,
      fieldNameSize: 100,
      headerPairs: 20,
    },
  });
  // Runs after the plugin's own preValidation hook, which read the form.
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    parsed.add(request);
    request.body = normalizeForm(request);
    assertStorableText(request);
  });
  // Errors thrown here go on to the server's error handler, which writes the problem.
  scope.setErrorHandler(async (error, request) => {
    throw translateUploadError(request, error);
  });
}
