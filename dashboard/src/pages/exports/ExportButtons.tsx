import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { locationStore, navigate } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { useAction } from '../../kit/action.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { CFDI_FILTERS, type Export, type ExportFormat, type ExportSource, INVOICE_FILTERS } from './types.ts';
import { useCan } from '../../core/session.ts';

const FORMATS: ExportFormat[] = ['csv', 'xlsx', 'zip'];

/** The list's filters, as they are in the page's URL, turned into an export's `filters`. */
function currentFilters(source: ExportSource, query: URLSearchParams): Record<string, string | boolean> {
  const filters: Record<string, string | boolean> = {};
  for (const name of source === 'cfdis' ? CFDI_FILTERS : INVOICE_FILTERS) {
    const value = query.get(name);
    if (value) filters[name] = name === 'has_xml' ? value === 'true' : value;
  }
  return filters;
}

/**
 * Buttons that export what a list shows (the CFDI list's or the invoices list's current filters;
 * everything of the source when `withFilters` is false), then open the exports page.
 */
export function ExportButtons({ source = 'cfdis', withFilters = true }: { source?: ExportSource; withFilters?: boolean }) {
  const location = useStore(locationStore);
  const action = useAction();
  // Creating an export is a write for the API (POST /v1/exports); reading one is not.
  if (!useCan('write')) return null;
  return (
    <span class="export-buttons">
      {FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          class="button"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await api.post<Export>('/v1/exports', { source, format, filters: withFilters ? currentFilters(source, location.query) : {} });
              navigate('/exports');
            })
          }
        >
          {t('exports.exportAs', { format: format.toUpperCase() })}
        </button>
      ))}
      <ProblemBox problem={action.problem} />
    </span>
  );
}
