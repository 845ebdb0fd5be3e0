/**
 * The one way a PDF is rendered: the pdf/ renderer as a task on the worker pool (never on the
 * event loop), at most RENDERS_PER_ORGANIZATION at once per organization, with the catalog
 * descriptions the document may print looked up here so the worker needs no catalog of its own.
 * Stamped invoices and branding previews share it, and so share one per-organization budget.
 */
import type { AppState } from '../../platform/caches/registry.ts';
import type { Ctx } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import type { CatalogSlug } from '../catalogs/index.ts';
import type { PdfCatalog } from './pdf/index.ts';
import type renderPdfTask from './pdf/render-task.ts';
import type { PdfTaskInput } from './pdf/render-task.ts';
import { defineTask } from '../../platform/workers/task.ts';
import type { InvoiceDeps } from './ports.ts';

const RENDER_TASK = defineTask<typeof renderPdfTask>('invoices.render-pdf');
const CATALOGS: readonly PdfCatalog[] = [
  'uso_cfdi',
  'regimen_fiscal',
  'forma_pago',
  'metodo_pago',
  'moneda',
  'impuesto',
  'objeto_imp',
  'exportacion',
  'tipo_comprobante',
  'tipo_relacion',
  'periodicidad',
  'meses',
  'pais',
  'clave_prod_serv',
  'clave_unidad',
];
const CODE_VALUE = /="([A-Za-z0-9]{1,10})"/g;

/** PDFs rendering right now, by organization, in this app (the budget below). */
const RENDERING: AppState<Map<string, number>> = { name: 'invoices.pdfs_rendering', create: () => new Map() };

/**
 * The descriptions the PDF may print, for the codes this CFDI holds: every short attribute value
 * is looked up in each catalog the renderer names (one linear scan of the XML, a few hundred
 * lookups).
 */
function catalogNamesFor(deps: Pick<InvoiceDeps, 'catalogs'>, xml: string): Record<string, Record<string, string>> {
  const codes = new Set<string>();
  for (const match of xml.matchAll(CODE_VALUE)) codes.add(match[1]!);
  const names: Record<string, Record<string, string>> = {};
  for (const catalog of CATALOGS) {
    for (const code of codes) {
      const description = deps.catalogs.index.get(catalog as CatalogSlug, code)?.description;
      if (description) (names[catalog] ??= {})[code] = description;
    }
  }
  return names;
}

function renderFailure(error: { code: string; message: string }): Error {
  // The engine's and the renderer's codes are catalog codes: the edge maps them to problems.
  return Object.assign(new Error(error.message), { code: error.code });
}

/** PDFs one organization may have rendering at once; more wait for Retry-After. */
export const RENDERS_PER_ORGANIZATION = 2;

/** Renders `task` on the worker pool for `organizationId`; answers 503 with Retry-After past the budget. */
export async function renderOnPool(ctx: Ctx, deps: Pick<InvoiceDeps, 'catalogs'>, organizationId: string, task: Omit<PdfTaskInput, 'names'>): Promise<Buffer> {
  const renderingByOrganization = ctx.services.caches.state(RENDERING);
  const running = renderingByOrganization.get(organizationId) ?? 0;
  if (running >= RENDERS_PER_ORGANIZATION) {
    throw new ApiError(
      'service.overloaded',
      {
        en: `This organization already has ${running} PDFs rendering; ask again after Retry-After.`,
        es: `Esta organización ya tiene ${running} PDF en preparación; vuelva a pedirlo después de los segundos que indica Retry-After.`,
      },
      {
        headers: { 'Retry-After': '1' },
      },
    );
  }
  renderingByOrganization.set(organizationId, running + 1);
  try {
    const output = await ctx.services.workers.run(RENDER_TASK, { ...task, names: catalogNamesFor(deps, task.xml) }, { tenant: organizationId });
    if ('error' in output) throw renderFailure(output.error);
    return Buffer.from(output.pdf.buffer, output.pdf.byteOffset, output.pdf.byteLength);
  } finally {
    const left = (renderingByOrganization.get(organizationId) ?? 1) - 1;
    if (left > 0) renderingByOrganization.set(organizationId, left);
    else renderingByOrganization.delete(organizationId);
  }
}
