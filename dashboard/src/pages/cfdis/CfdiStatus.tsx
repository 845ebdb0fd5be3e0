import { t } from '../../core/i18n.ts';
import { Badge } from '../../kit/Page.tsx';
import type { Cfdi } from './types.ts';

const TONES = { active: 'ok', cancelled: 'bad', unknown: 'neutral' } as const;

export function CfdiStatus({ cfdi }: { cfdi: Pick<Cfdi, 'sat_status'> }) {
  return <Badge tone={TONES[cfdi.sat_status]}>{t(`cfdis.status.${cfdi.sat_status}`)}</Badge>;
}
