import { useEffect, useState } from 'preact/hooks';
import { api, type Problem } from '../../core/api.ts';
import { formatDate } from '../../core/format.ts';
import { t } from '../../core/i18n.ts';
import { Page } from '../../kit/Page.tsx';
import { asProblem, ProblemBox } from '../../kit/ProblemBox.tsx';
import type { AuditEvent } from './types.ts';

const PAGE_SIZE = 50;

/** The organization's audit log, newest first, a page at a time (owners and admins). */
export function AuditPage() {
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<Problem | undefined>();
  async function load(after?: string) {
    setLoading(true);
    setProblem(undefined);
    try {
      const page = await api.get<{ data: AuditEvent[]; has_more: boolean }>('/dashboard/api/audit_events', {
        query: { limit: PAGE_SIZE, starting_after: after },
      });
      setEvents((current) => (after ? [...current, ...page.data] : page.data));
      setHasMore(page.has_more);
    } catch (error) {
      setProblem(asProblem(error));
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => {
    void load();
  }, []);
  const columns = [t('audit.when'), t('audit.who'), t('audit.action'), t('audit.object'), t('audit.address')];
  return (
    <Page title={t('audit.title')} subtitle={t('audit.subtitle')}>
      <ProblemBox problem={problem} />
      <div class="table-wrap">
        <table class="table" aria-busy={loading}>
          <caption class="visually-hidden">{t('audit.title')}</caption>
          <thead>
            <tr>
              {columns.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id} data-testid="audit-row">
                <td data-label={columns[0]}>{formatDate(event.created_at)}</td>
                <td data-label={columns[1]}>{event.user.email}</td>
                <td data-label={columns[2]}>
                  <code>{event.action}</code>
                  {event.mode === 'live' && ' (live)'}
                  {event.detail && <span class="hint"> {event.detail}</span>}
                </td>
                <td data-label={columns[3]}>{event.object_id ? <code>{event.object_id}</code> : '—'}</td>
                <td data-label={columns[4]}>{event.address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!loading && events.length === 0 && !problem && <p class="empty">{t('audit.empty')}</p>}
      {hasMore && (
        <button type="button" class="button" disabled={loading} onClick={() => load(events[events.length - 1]?.id)}>
          {t('audit.more')}
        </button>
      )}
    </Page>
  );
}
