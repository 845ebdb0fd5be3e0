import { api } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { locationStore, navigate } from '../../core/router.ts';
import { useStore } from '../../core/store.ts';
import { useAction } from '../../kit/action.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { CFDI_FILTERS, type Export, type ExportFormat } from './types.ts';
import { useCan } from '../../core/session.ts';

const FORMATS: ExportFormat[] = ['csv', 'xlsx', 'zip'];

/** The CFDI list's filters, as they are in the page's URL, turned into an export's `filters`. */
function currentFilters(query: URLSearchParams): Record<string, string | boolean> {
  const filters: Record<string, string | boolean> = {};
  for (const name of CFDI_FILTERS) {
    const value = query.get(name);
    if (value) filters[name] = name === 'has_xml' ? value === 'true' : value;
  }
  return filters;
}

/** Buttons that export what the CFDI list shows (its current filters), then open the exports page. */
export function ExportButtons() {
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
              await api.post<Export>('/v1/exports', { source: 'cfdis', format, filters: currentFilters(location.query) });
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
