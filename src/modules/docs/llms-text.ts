import { API_VERSIONS, CURRENT_VERSION } from '../../platform/http/versions.ts';
import { checkCodes, errorEntries } from './errors-page.ts';
import type { Guide } from './guides.ts';
import { operationsOf, resolveReference, type OpenApiDocument, type OperationObject, type ParameterObject, type ResponseObject } from './openapi-types.ts';
import { constraints, flattenFields, successBodies, typeLabel } from './schema-text.ts';

function line(name: string, type: string, required: boolean, description: string | undefined, notes: string[]): string {
  const extra = [required ? 'required' : 'optional', ...notes].join('; ');
  return `- ${name} (${type}; ${extra})${description ? `: ${description}` : ''}`;
}

function endpointText(document: OpenApiDocument, method: string, path: string, operation: OperationObject): string {
  const lines = [
    `### ${method.toUpperCase()} ${path}`,
    '',
    `${operation.summary ?? ''} (operationId ${operation.operationId ?? '-'}; tags: ${(operation.tags ?? []).join(', ')})`,
  ];
  if (operation.description) lines.push('', operation.description);
  lines.push('', operation.security?.length === 0 ? 'Authentication: none (public).' : 'Authentication: Authorization: Bearer <API key>.');
  const parameters = (operation.parameters ?? []).map((parameter) => resolveReference<ParameterObject>(document, parameter));
  if (parameters.length) {
    lines.push('', 'Parameters:');
    for (const parameter of parameters) {
      lines.push(
        line(
          `${parameter.name} [${parameter.in}]`,
          typeLabel(parameter.schema),
          parameter.required === true,
          parameter.description ?? (parameter.schema?.description as string | undefined),
          constraints(parameter.schema),
        ),
      );
    }
  }
  for (const [mediaType, media] of Object.entries(operation.requestBody?.content ?? {})) {
    lines.push('', `Body (${mediaType}):`);
    for (const field of flattenFields(document, media.schema)) {
      lines.push(
        line(
          field.path,
          typeLabel(resolveReference(document, field.schema)),
          field.required,
          field.schema.description as string | undefined,
          constraints(field.schema),
        ),
      );
    }
  }
  for (const { status, schema } of successBodies(operation)) {
    lines.push('', `Response ${status} fields:`);
    for (const field of flattenFields(document, schema, '', 3)) {
      lines.push(line(field.path, typeLabel(field.schema), field.required, field.schema.description as string | undefined, constraints(field.schema)));
    }
  }
  lines.push('', 'Responses:');
  for (const [status, value] of Object.entries(operation.responses)) {
    const response = resolveReference<ResponseObject>(document, value);
    const bodies = Object.entries(response.content ?? {}).map(([mediaType, media]) => `${typeLabel(media.schema)} as ${mediaType}`);
    lines.push(`- ${status}: ${response.description}${bodies.length ? ` [${bodies.join(', ')}]` : ''}`);
  }
  return lines.join('\n');
}

function schemasText(document: OpenApiDocument): string {
  return Object.entries(document.components.schemas ?? {})
    .map(([name, schema]) => {
      const fields = flattenFields(document, schema, '', 3).map((field) =>
        line(field.path, typeLabel(field.schema), field.required, field.schema.description as string | undefined, constraints(field.schema)),
      );
      return [`### ${name}`, ...(schema.description ? ['', String(schema.description)] : []), '', ...fields].join('\n');
    })
    .join('\n\n');
}

/** `/llms-full.txt`: the whole documentation as one plain-text file for machine readers. */
export function renderLlmsText(document: OpenApiDocument, guides: Guide[], baseUrl: string): string {
  const versions = API_VERSIONS.map(
    (entry) => `- ${entry.version}${entry.version === CURRENT_VERSION ? ' (current)' : ''}: ${entry.summary} ${entry.changes.join(' ')}`,
  );
  const errors = errorEntries(baseUrl).map(
    (entry) =>
      `- ${entry.code} (${entry.status}): ${entry.title}.${entry.not_produced ? ` Not produced by this service: ${entry.not_produced}` : entry.remediation ? ` ${entry.remediation}` : ''}`,
  );
  const endpoints = operationsOf(document).map(({ method, path, operation }) => endpointText(document, method, path, operation));
  return [
    `# ${document.info.title} — full documentation`,
    '',
    `Base URL: ${baseUrl}. OpenAPI ${document.openapi} document: ${baseUrl}/openapi.json. HTML reference: ${baseUrl}/docs.`,
    '',
    '## Overview',
    '',
    document.info.description ?? '',
    '',
    '## Authentication',
    '',
    'Send `Authorization: Bearer <key>` on every /v1 request. `sk_test_…` keys act in test mode, `sk_live_…` keys in live mode; each mode sees only its own data. A missing or invalid key is 401 `auth.unauthorized`; a revoked key is 401 `auth.key_revoked`. Public operations (marked below) need no key.',
    '',
    '## Versioning',
    '',
    `Current version: ${CURRENT_VERSION}. Precedence: the \`Invoice-Version\` request header, then the key's pinned version, then the current version. Versions:`,
    ...versions,
    '',
    '## Guides',
    '',
    ...guides.flatMap((guide) => [`<!-- guide: ${guide.slug} (${baseUrl}/docs/guides/${guide.slug}) -->`, '', guide.markdown.trim(), '']),
    '## Endpoints',
    '',
    endpoints.join('\n\n'),
    '',
    '## Schemas',
    '',
    schemasText(document),
    '',
    '## Error catalog',
    '',
    "Each line: code (HTTP status, or `job` when recorded in a download's `error`): title. What to do.",
    ...errors,
    '',
    '## CFDI check codes',
    '',
    'The codes of the errors and warnings inside a validation (POST /v1/validations). Each line: code: what to do.',
    ...checkCodes().map(({ code, remediation }) => `- ${code}: ${remediation}`),
    '',
  ].join('\n');
}
