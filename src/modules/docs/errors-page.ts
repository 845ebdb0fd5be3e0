import { ERROR_CATALOG, errorAnchor, errorTypeSlug, type ErrorCode } from '../../platform/errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../../platform/errors/catalog-es.ts';
import { NOT_PRODUCED } from '../../platform/errors/not-produced.ts';
import { REMEDIATIONS } from '../../cfdi/rules/index.ts';
import { escapeHtml, inlineText, page } from './html.ts';

/** The codes of the errors and warnings inside a validation (the CFDI checks), with what to do. */
export function checkCodes(): { code: string; remediation: string }[] {
  return Object.entries(REMEDIATIONS).map(([code, remediation]) => ({ code, remediation }));
}

const CHECKS_INTRO = `The codes of the <code>errors</code> and <code>warnings</code> of a <a href="/docs/guides/validations">validation</a>
(<code>POST /v1/validations</code>): each names one failed or skipped check of a CFDI, never an HTTP response.`;

export interface ErrorEntry {
  code: ErrorCode;
  namespace: string;
  status: number | 'job';
  title: string;
  remediation: string;
  anchor: string;
  type: string;
  doc_url: string;
  /** Present on the codes this service never answers with: why. */
  not_produced?: string;
  /** The title and remediation in Spanish, as problems answer them to `Accept-Language: es`. */
  es: { title: string; remediation: string };
}

/** The catalog as entries, grouped by namespace (the code's first segment) in catalog order. */
export function errorEntries(baseUrl: string): ErrorEntry[] {
  return (Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => {
    const definition = ERROR_CATALOG[code];
    const notProduced = NOT_PRODUCED[code];
    return {
      code,
      namespace: code.slice(0, code.indexOf('.')),
      status: definition.status,
      title: definition.title,
      remediation: definition.remediation,
      anchor: errorAnchor(code),
      type: `${baseUrl}/errors/${errorTypeSlug(code)}`,
      doc_url: `${baseUrl}/docs/errors#${errorAnchor(code)}`,
      ...(notProduced === undefined ? {} : { not_produced: notProduced }),
      es: { title: ERROR_CATALOG_ES[code].title, remediation: ERROR_CATALOG_ES[code].remediation },
    };
  });
}

function groupByNamespace(entries: ErrorEntry[]): Map<string, ErrorEntry[]> {
  const groups = new Map<string, ErrorEntry[]>();
  for (const entry of entries) groups.set(entry.namespace, [...(groups.get(entry.namespace) ?? []), entry]);
  return groups;
}

/** The JSON form of /docs/errors, for tools. */
export function errorCatalogJson(baseUrl: string) {
  return {
    object: 'list' as const,
    url: '/docs/errors',
    data: errorEntries(baseUrl).map((entry) => ({ object: 'error_code' as const, ...entry })),
    has_more: false,
  };
}

const INTRO = `Every error is an RFC 9457 problem (<code>application/problem+json</code>). Switch on <code>code</code>:
it is stable. <code>type</code> is <code>&lt;base&gt;/errors/&lt;code with its first dot replaced by an underscore&gt;</code> and
redirects here; <code>doc_url</code> links the row below. Status <code>job</code> marks codes recorded in a download's
<code>error</code> rather than answered over HTTP. A few codes of the specification are never produced by this service;
Each row gives the title and what to do in English and then in Spanish, the words of problems answered to
<code>Accept-Language: es</code>. See the <a href="/docs/guides/errors">errors guide</a>.`;

function whatToDo(entry: ErrorEntry): string {
  const remediation = entry.remediation ? inlineText(entry.remediation) : '<span class="muted">No action needed.</span>';
  const spanish = entry.es.remediation ? `<br><span lang="es-MX">${inlineText(entry.es.remediation)}</span>` : '';
  if (entry.not_produced === undefined) return `${remediation}${spanish}`;
  return `<strong class="not-produced">Not produced by this service.</strong> ${inlineText(entry.not_produced)}`;
}

export function renderErrorsPage(baseUrl: string): string {
  const groups = groupByNamespace(errorEntries(baseUrl));
  const index = [...groups.keys()].map((namespace) => `<a href="#ns-${namespace}"><code>${namespace}</code></a>`).join(' · ');
  const sections = [...groups].map(([namespace, entries]) => {
    const rows = entries.map(
      (entry) =>
        `<tr id="${escapeHtml(entry.anchor)}"><td><a href="#${escapeHtml(entry.anchor)}"><code>${escapeHtml(entry.code)}</code></a></td>` +
        `<td>${entry.status}</td><td>${escapeHtml(entry.title)}<br><span lang="es-MX">${escapeHtml(entry.es.title)}</span></td><td>${whatToDo(entry)}</td></tr>`,
    );
    return `<h2 id="ns-${namespace}"><code>${namespace}</code></h2>
<table><thead><tr><th>Code</th><th>Status</th><th>Title</th><th>What to do</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  });
  const checks = checkCodes().map(
    ({ code, remediation }) =>
      `<tr id="check-${escapeHtml(code)}"><td><a href="#check-${escapeHtml(code)}"><code>${escapeHtml(code)}</code></a></td><td>${inlineText(remediation)}</td></tr>`,
  );
  const checksSection = `<h2 id="checks">CFDI checks</h2><p>${CHECKS_INTRO}</p>
<table><thead><tr><th>Code</th><th>What to do</th></tr></thead><tbody>${checks.join('')}</tbody></table>`;
  return page(
    'Error catalog',
    `<h1>Error catalog</h1><p>${INTRO}</p><p>${index} · <a href="#checks">CFDI checks</a></p>${sections.join('\n')}\n${checksSection}`,
  );
}
