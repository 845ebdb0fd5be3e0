import type { Guide } from './guides.ts';
import { escapeHtml, inlineText, page, paragraphs } from './html.ts';
import {
  isReference,
  operationsOf,
  resolveReference,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type ResponseObject,
} from './openapi-types.ts';
import { constraints, flattenFields, schemaName, successBodies, typeLabel, type Field } from './schema-text.ts';

const schemaLink = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function describe(schema: JsonSchema | undefined, description: string | undefined): string {
  const notes = constraints(schema);
  const text = description ?? (schema && typeof schema.description === 'string' ? schema.description : '');
  return [inlineText(text), notes.length ? `<span class="muted">${escapeHtml(notes.join('; '))}</span>` : ''].filter(Boolean).join(' ');
}

function fieldsTable(fields: Field[]): string {
  if (fields.length === 0) return '<p class="muted">No fields.</p>';
  const rows = fields.map(
    (field) =>
      `<tr><td><code>${escapeHtml(field.path)}</code>${field.required ? '<span class="required">required</span>' : ''}</td>` +
      `<td>${typeLabel(field.schema, schemaLink)}</td><td>${describe(field.schema, undefined)}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function parametersTable(document: OpenApiDocument, operation: OperationObject): string {
  const parameters = (operation.parameters ?? []).map((parameter) => resolveReference<ParameterObject>(document, parameter));
  if (parameters.length === 0) return '';
  const rows = parameters.map(
    (parameter) =>
      `<tr><td><code>${escapeHtml(parameter.name)}</code>${parameter.required ? '<span class="required">required</span>' : ''}</td>` +
      `<td>${parameter.in}</td><td>${typeLabel(parameter.schema, schemaLink)}</td><td>${describe(parameter.schema, parameter.description)}</td></tr>`,
  );
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function requestBody(document: OpenApiDocument, operation: OperationObject): string {
  if (!operation.requestBody) return '';
  return Object.entries(operation.requestBody.content)
    .map(([mediaType, media]) => {
      const schema = media.schema;
      const name = isReference(schema) ? schemaName(schema.$ref) : undefined;
      return (
        `<h4>Request body <span class="badge">${escapeHtml(mediaType)}</span></h4>` +
        (name ? `<p>${schemaLink(name)}</p>` : '') +
        fieldsTable(flattenFields(document, schema))
      );
    })
    .join('');
}

function responsesTable(document: OpenApiDocument, operation: OperationObject): string {
  const rows = Object.entries(operation.responses).map(([status, value]) => {
    const response = resolveReference<ResponseObject>(document, value);
    const content = Object.entries(response.content ?? {})
      .map(([mediaType, media]) => `${typeLabel(media.schema, schemaLink)} <span class="badge">${escapeHtml(mediaType)}</span>`)
      .join('<br>');
    return `<tr><td><code>${escapeHtml(status)}</code></td><td>${inlineText(response.description)}</td><td>${content}</td></tr>`;
  });
  return (
    `<h4>Responses</h4><table><thead><tr><th>Status</th><th>Description</th><th>Body</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
    successBodies(operation)
      .map(({ status, schema }) => `<h4>Response ${escapeHtml(status)} fields</h4>${fieldsTable(flattenFields(document, schema, '', 3))}`)
      .join('')
  );
}

function operationBlock(document: OpenApiDocument, method: string, path: string, operation: OperationObject): string {
  const access = operation.security?.length === 0 ? 'Public: no API key' : 'API key';
  return `<div class="operation" id="${escapeHtml(operation.operationId ?? `${method}-${path}`)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span><span class="path">${escapeHtml(path)}</span></h3>
<p><strong>${inlineText(operation.summary ?? '')}</strong><span class="badge">${access}</span></p>
${operation.description ? paragraphs(operation.description) : ''}
${parametersTable(document, operation)}${requestBody(document, operation)}${responsesTable(document, operation)}
</div>`;
}

function contents(document: OpenApiDocument): string {
  const items = (document.tags ?? []).map((tag) => `<li><a href="#${tagAnchor(tag.name)}">${escapeHtml(tag.name)}</a></li>`);
  return `<ul class="toc">${items.join('')}<li><a href="#schemas">Schemas</a></li></ul>`;
}

function tagSections(document: OpenApiDocument): string {
  const operations = operationsOf(document);
  return (document.tags ?? [])
    .map((tag) => {
      const mine = operations.filter(({ operation }) => operation.tags?.includes(tag.name));
      const list = mine.map(
        ({ method, path, operation }) =>
          `<li><a href="#${escapeHtml(operation.operationId ?? '')}"><span class="method ${method}">${method.toUpperCase()}</span></a><code>${escapeHtml(path)}</code> ${inlineText(operation.summary ?? '')}</li>`,
      );
      return `<h2 id="${tagAnchor(tag.name)}">${escapeHtml(tag.name)}</h2>
${tag.description ? `<p>${inlineText(tag.description)}</p>` : ''}
<ul>${list.join('')}</ul>
${mine.map(({ method, path, operation }) => operationBlock(document, method, path, operation)).join('\n')}`;
    })
    .join('\n');
}

function schemaSections(document: OpenApiDocument): string {
  const schemas = Object.entries(document.components.schemas ?? {});
  return (
    `<h2 id="schemas">Schemas</h2>` +
    schemas
      .map(
        ([name, schema]) =>
          `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${schema.description ? `<p>${inlineText(String(schema.description))}</p>` : ''}` +
          fieldsTable(flattenFields(document, schema, '', 3)),
      )
      .join('\n')
  );
}

/** The API reference page, rendered on the server from the OpenAPI document. */
export function renderReferencePage(document: OpenApiDocument, guides: Guide[]): string {
  const server = document.servers?.[0]?.url ?? '';
  const guideLinks = guides.map((guide) => `<li><a href="/docs/guides/${guide.slug}">${escapeHtml(guide.title)}</a></li>`).join('');
  const body = `<h1>${escapeHtml(document.info.title)}</h1>
<p class="muted">Version ${escapeHtml(document.info.version)} · Base URL <code>${escapeHtml(server)}</code> · <a href="/openapi.json">OpenAPI ${escapeHtml(document.openapi)} document</a></p>
${paragraphs(document.info.description ?? '')}
<h2 id="guides">Guides</h2><ul>${guideLinks}</ul>
<p>Every error code, its status and what to do about it: <a href="/docs/errors">error catalog</a>.</p>
<h2 id="contents">Contents</h2>${contents(document)}
${tagSections(document)}
${schemaSections(document)}`;
  return page(`${document.info.title} reference`, body);
}
