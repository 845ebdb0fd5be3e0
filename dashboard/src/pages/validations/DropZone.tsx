import { useState } from 'preact/hooks';
import { t } from '../../core/i18n.ts';

/**
 * A file target for mouse users (drag and drop) that is also a plain file input for everyone
 * else: the input is inside the zone's label, keeps the keyboard focus (the zone shows it) and
 * opens the file picker on Enter or Space, or on a click anywhere in the zone.
 */
export function DropZone({ onFile, busy, accept, label, hint }: { onFile: (file: File) => void; busy: boolean; accept: string; label: string; hint: string }) {
  const [over, setOver] = useState(false);
  function take(files: FileList | null | undefined) {
    const file = files?.[0];
    if (file && !busy) onFile(file);
  }
  return (
    <label
      class={`drop-zone${over ? ' over' : ''}${busy ? ' busy' : ''}`}
      data-testid="drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragOver={(event) => {
        // Without this the browser opens the dropped file instead of handing it to the page.
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        take(event.dataTransfer?.files);
      }}
    >
      <input
        class="visually-hidden"
        type="file"
        accept={accept}
        disabled={busy}
        aria-label={label}
        aria-describedby="drop-zone-hint"
        onChange={(event) => {
          take(event.currentTarget.files);
          // The same file chosen twice is two validations.
          event.currentTarget.value = '';
        }}
      />
      <span class="drop-zone-icon" aria-hidden="true">
        ⇪
      </span>
      <span class="drop-zone-label">{busy ? t('form.working') : label}</span>
      <span class="hint" id="drop-zone-hint">
        {hint}
      </span>
      <span class="button" aria-hidden="true">
        {t('validations.choose')}
      </span>
    </label>
  );
}
