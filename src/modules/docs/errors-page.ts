import { ERROR_CATALOG, errorAnchor, errorTypeSlug, type ErrorCode } from '../../platform/errors/catalog.ts';
import { ERROR_CATALOG_ES } from '../../platform/errors/catalog-es.ts';
import type { Language } from '../../platform/errors/language.ts';
import { NOT_PRODUCED } from '../../platform/errors/not-produced.ts';
import { REMEDIATIONS } from '../../cfdi/rules/index.ts';
import { escapeHtml, inlineText, page } from './html.ts';

/** The codes of the errors and warnings inside a validation (the CFDI checks), with what to do. */
export function checkCodes(): { code: string; remediation: string }[] {
  return Object.entries(REMEDIATIONS).map(([code, remediation]) => ({ code, remediation }));
}

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

/** The words of the page around the catalog's own, in each language. */
const WORDS = {
  en: {
    heading: 'Error catalog',
    intro: `Every error is an RFC 9457 problem (<code>application/problem+json</code>). Switch on <code>code</code>:
it is stable. <code>type</code> is <code>&lt;base&gt;/errors/&lt;code with its first dot replaced by an underscore&gt;</code> and
redirects here; <code>doc_url</code> links the row below. Status <code>job</code> marks codes recorded in a download's
<code>error</code> rather than answered over HTTP. A few codes of the specification are never produced by this service;
their row says why. Each row gives the title and what to do in English and then in Spanish, the words of problems answered to
<code>Accept-Language: es</code> (this page in Spanish: <a href="/docs/errors?lang=es">/docs/errors?lang=es</a>).
See the <a href="/docs/guides/errors">errors guide</a>.`,
    columns: ['Code', 'Status', 'Title', 'What to do'],
    noAction: 'No action needed.',
    notProduced: 'Not produced by this service.',
    checks: 'CFDI checks',
    checksIntro: `The codes of the <code>errors</code> and <code>warnings</code> of a <a href="/docs/guides/validations">validation</a>
(<code>POST /v1/validations</code>): each names one failed or skipped check of a CFDI, never an HTTP response.`,
    checkColumns: ['Code', 'What to do'],
  },
  es: {
    heading: 'Catálogo de errores',
    intro: `Cada error es un problema RFC 9457 (<code>application/problem+json</code>). Decida según <code>code</code>:
no cambia. <code>type</code> es <code>&lt;base&gt;/errors/&lt;código con su primer punto cambiado por un guion bajo&gt;</code> y
redirige aquí; <code>doc_url</code> enlaza su renglón. El estado <code>job</code> marca los códigos que quedan registrados en el
<code>error</code> de una descarga en lugar de responderse por HTTP. Algunos códigos de la especificación nunca los produce
este servicio; su renglón explica por qué. Cada renglón da el título y qué hacer en español, como responden los problemas
a <code>Accept-Language: es</code>, y después en inglés (esta página en inglés: <a href="/docs/errors?lang=en">/docs/errors?lang=en</a>).
Vea la <a href="/docs/guides/errors">guía de errores</a>.`,
    columns: ['Código', 'Estado HTTP', 'Título', 'Qué hacer'],
    noAction: 'No requiere ninguna acción.',
    notProduced: 'Este servicio no lo produce.',
    checks: 'Revisiones del CFDI',
    checksIntro: `Los códigos de <code>errors</code> y <code>warnings</code> de una <a href="/docs/guides/validations">validación</a>
(<code>POST /v1/validations</code>): cada uno nombra una revisión del CFDI que falló o no se pudo hacer, nunca una respuesta HTTP.
Lo que hay que hacer se indica en inglés.`,
    checkColumns: ['Código', 'Qué hacer (en inglés)'],
  },
} as const;

/** The English and the Spanish of one text, the page's language first; the other marked with its `lang`. */
function bothLanguages(english: string, spanish: string, language: Language): string {
  return language === 'es' ? `${spanish}<br><span lang="en">${english}</span>` : `${english}<br><span lang="es-MX">${spanish}</span>`;
}

function whatToDo(entry: ErrorEntry, language: Language): string {
  const words = WORDS[language];
  if (entry.not_produced !== undefined) return `<strong class="not-produced">${words.notProduced}</strong> ${inlineText(entry.not_produced)}`;
  if (!entry.remediation) return `<span class="muted">${words.noAction}</span>`;
  return bothLanguages(inlineText(entry.remediation), inlineText(entry.es.remediation), language);
}

/** The catalog as a page: its headings and labels in `language`, every title and remediation in both languages. */
export function renderErrorsPage(baseUrl: string, language: Language = 'en'): string {
  const words = WORDS[language];
  const groups = groupByNamespace(errorEntries(baseUrl));
  const index = [...groups.keys()].map((namespace) => `<a href="#ns-${namespace}"><code>${namespace}</code></a>`).join(' · ');
  const head = (labels: readonly string[]) => `<thead><tr>${labels.map((label) => `<th>${label}</th>`).join('')}</tr></thead>`;
  const sections = [...groups].map(([namespace, entries]) => {
    const rows = entries.map(
      (entry) =>
        `<tr id="${escapeHtml(entry.anchor)}"><td><a href="#${escapeHtml(entry.anchor)}"><code>${escapeHtml(entry.code)}</code></a></td>` +
        `<td>${entry.status}</td><td>${bothLanguages(escapeHtml(entry.title), escapeHtml(entry.es.title), language)}</td><td>${whatToDo(entry, language)}</td></tr>`,
    );
    return `<h2 id="ns-${namespace}"><code>${namespace}</code></h2>
<table>${head(words.columns)}<tbody>${rows.join('')}</tbody></table>`;
  });
  const checks = checkCodes().map(
    ({ code, remediation }) =>
      `<tr id="check-${escapeHtml(code)}"><td><a href="#check-${escapeHtml(code)}"><code>${escapeHtml(code)}</code></a></td><td>${inlineText(remediation)}</td></tr>`,
  );
  const checksSection = `<h2 id="checks">${words.checks}</h2><p>${words.checksIntro}</p>
<table>${head(words.checkColumns)}<tbody>${checks.join('')}</tbody></table>`;
  return page(
    words.heading,
    `<h1>${words.heading}</h1><p>${words.intro}</p><p>${index} · <a href="#checks">${words.checks}</a></p>${sections.join('\n')}\n${checksSection}`,
    language,
  );
}
