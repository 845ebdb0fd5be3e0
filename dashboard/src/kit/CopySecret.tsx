import { useState } from 'preact/hooks';
import { t } from '../core/i18n.ts';

/** A secret shown once: selectable text, a copy button, and a warning that it will not be shown again (`warning`, by default the API key's). */
export function CopySecret({ secret, label, warning }: { secret: string; label: string; warning?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // Without clipboard permission the user can still select the text.
      setCopied(false);
    }
  }
  return (
    <div class="secret" data-testid="secret">
      <p class="secret-warning">{warning ?? t('secret.once')}</p>
      <label class="secret-label" for="secret-value">
        {label}
      </label>
      <div class="secret-row">
        <input id="secret-value" class="secret-value" readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" class="button" onClick={copy}>
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
      </div>
      <p class="visually-hidden" aria-live="polite">
        {copied ? t('secret.copied') : ''}
      </p>
    </div>
  );
}
