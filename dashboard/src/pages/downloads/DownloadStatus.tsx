import { t } from '../../core/i18n.ts';
import { Badge } from '../../kit/Page.tsx';
import type { DownloadStatusName } from './types.ts';

const TONES = { requested: 'warn', processing: 'warn', ready: 'ok', no_data: 'neutral', failed: 'bad' } as const;

export function DownloadStatus({ status }: { status: DownloadStatusName }) {
  return (
    <Badge tone={TONES[status]}>
      <span data-status={status}>{t(`downloads.status.${status}`)}</span>
    </Badge>
  );
}

/** "Recibidos · XML" — the side and the kind of a download, as a person says it. */
export function describe(download: { side: 'issued' | 'received'; type: 'cfdi' | 'metadata' }): string {
  return `${t(`cfdis.side.${download.side}`)} · ${t(`downloads.type.${download.type}`)}`;
}
