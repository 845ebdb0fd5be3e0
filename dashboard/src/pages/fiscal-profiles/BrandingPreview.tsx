import { useEffect, useState } from 'preact/hooks';
import { apiPath, api, type Problem } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { ProblemBox, asProblem } from '../../kit/ProblemBox.tsx';

/** Typing a colour should not render a PDF per keystroke: wait until the input rests. */
const DEBOUNCE_MS = 400;

/**
 * The real PDF of a sample invoice, rendered by the API with the colour being edited and the
 * saved logo (POST /v1/fiscal_profiles/{id}/branding_preview). It is fetched through the API
 * client (a frame could not send the session, mode and CSRF headers) and shown from a blob: URL.
 * `savedAt` changes when the profile is saved, so a new logo shows once it is stored.
 */
export function BrandingPreview({ profileId, color, savedAt }: { profileId: string; color: string; savedAt: string }) {
  const [url, setUrl] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<Problem | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const blob = await api.post<Blob>(
          apiPath`/v1/fiscal_profiles/${profileId}/branding_preview`,
          { brand_color: color },
          { blob: true, signal: controller.signal, safe: true },
        );
        if (controller.signal.aborted) return;
        setProblem(undefined);
        setUrl(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
      } catch (error) {
        if (!controller.signal.aborted) setProblem(asProblem(error));
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    // A newer colour replaces a pending or running request: only the last answer is shown.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [profileId, color, savedAt]);
  // Each PDF holds memory until its URL is revoked: the previous one goes when a new one arrives.
  useEffect(() => () => url && URL.revokeObjectURL(url), [url]);
  return (
    <figure class="branding-preview" aria-labelledby="branding-preview-caption" aria-busy={loading}>
      {url && <iframe class="pdf-preview branding-frame" src={url} title={t('profiles.previewLabel')} data-testid="branding-preview" />}
      <figcaption id="branding-preview-caption" class="hint">
        {t('profiles.previewCaption')}
      </figcaption>
      <p class="action-bar" aria-live="polite">
        {url && (
          <a class="button" href={url} download={t('profiles.previewFile')}>
            {t('profiles.previewDownload')}
          </a>
        )}
        {loading && <span class="hint">{t('profiles.previewLoading')}</span>}
      </p>
      <p class="hint branding-phone-hint">{t('profiles.previewPhone')}</p>
      <ProblemBox problem={problem} />
    </figure>
  );
}
