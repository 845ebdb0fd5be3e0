import type { Page } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { useAction } from '../../kit/action.ts';
import { ProblemBox } from '../../kit/ProblemBox.tsx';
import { useResource } from '../../kit/resource.ts';
import { saveFile } from '../../kit/save.ts';
import type { Download, DownloadPackage } from './types.ts';
import { apiPath } from '../../core/api.ts';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The stored packages (zips) of a download, each saved through the API with the session. */
export function Packages({ download }: { download: Download }) {
  // Fetched again when the package count changes (the download became ready).
  const packages = useResource<Page<DownloadPackage>>(apiPath`/v1/downloads/${download.id}/packages`, { version: download.package_count });
  const action = useAction();
  const rows = packages.data?.data ?? [];
  return (
    <section class="panel" aria-labelledby="packages-title">
      <h2 id="packages-title">{t('downloads.packages', { count: download.package_count })}</h2>
      <ProblemBox problem={packages.problem ?? action.problem} />
      {rows.length === 0 && !packages.loading && <p class="empty">{t('downloads.noPackages')}</p>}
      {rows.length > 0 && (
        <ul class="packages">
          {rows.map((entry) => (
            <li key={entry.index}>
              <div>
                <strong>{t('downloads.package', { number: entry.index + 1 })}</strong>
                <span class="hint block">
                  {entry.cfdi_count === null ? '' : `${t('downloads.packageCount', { count: entry.cfdi_count })} · `}
                  {size(entry.bytes)} · {formatDate(entry.stored_at)}
                </span>
                <code class="hint block">SHA-256 {entry.sha256}</code>
              </div>
              <button
                type="button"
                class="button"
                disabled={action.busy}
                onClick={() =>
                  action.run(() => saveFile(apiPath`/v1/downloads/${download.id}/packages/${entry.index}`, `${download.id}-${entry.index + 1}.zip`))
                }
              >
                {t('downloads.downloadZip')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
