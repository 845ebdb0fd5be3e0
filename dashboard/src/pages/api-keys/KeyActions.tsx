import { useEffect, useState } from 'preact/hooks';
import { apiPath, api, type Page, type Problem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';
import type { Answer } from '../../api/types.ts';
import type { ApiKey } from './types.ts';

type VersionList = Answer<'listVersions'>;

let versions: Promise<VersionList> | undefined;

/** A key's row actions: pin an API version, revoke (with a warning when it is the mode's last active key). */
export function KeyActions({ apiKey, onChange }: { apiKey: ApiKey; onChange: () => void }) {
  const [list, setList] = useState<VersionList | undefined>();
  const [confirming, setConfirming] = useState<'last' | 'other' | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  useEffect(() => {
    versions ??= api.get<VersionList>('/v1/versions');
    void versions.then(setList).catch(() => (versions = undefined));
  }, []);
  if (apiKey.revoked_at) return null;
  async function pin(version: string) {
    setProblem(undefined);
    try {
      await api.patch(apiPath`/v1/api_keys/${apiKey.id}`, { version: version || null });
      onChange();
    } catch (error) {
      setProblem(asProblem(error));
    }
  }
  async function askRevoke() {
    setProblem(undefined);
    const keys = await api.get<Page<ApiKey>>('/v1/api_keys', { query: { limit: 100 } }).catch(() => undefined);
    const active = keys?.data.filter((key) => key.mode === apiKey.mode && !key.revoked_at).length ?? 0;
    setConfirming(active <= 1 ? 'last' : 'other');
  }
  async function revoke() {
    try {
      await api.delete(apiPath`/v1/api_keys/${apiKey.id}`);
      setConfirming(undefined);
      onChange();
    } catch (error) {
      setProblem(asProblem(error));
    }
  }
  const selectId = `version-${apiKey.id}`;
  return (
    <div class="row-actions">
      <label class="inline-label" for={selectId}>
        {t('apiKeys.version')}
      </label>
      <select id={selectId} value={apiKey.version ?? ''} onChange={(event) => pin(event.currentTarget.value)}>
        <option value="">{t('apiKeys.unpinned', { current: list?.current ?? '' })}</option>
        {list?.data.map((entry) => (
          <option key={entry.version} value={entry.version}>
            {entry.version}
          </option>
        ))}
      </select>
      {!confirming && (
        <button type="button" class="button danger" onClick={askRevoke}>
          {t('apiKeys.revoke')}
        </button>
      )}
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label={t('apiKeys.revoke')}>
          <p class={confirming === 'last' ? 'notice bad' : 'notice warn'}>{t(confirming === 'last' ? 'apiKeys.revokeLast' : 'apiKeys.revokeConfirm')}</p>
          <button type="button" class="button danger" onClick={revoke}>
            {t('apiKeys.revokeSubmit')}
          </button>
          <button type="button" class="button subtle" onClick={() => setConfirming(undefined)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
      <ProblemBox problem={problem} />
    </div>
  );
}
