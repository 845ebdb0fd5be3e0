import { t } from '../../core/i18n.ts';
import { EVENT_GROUPS } from './types.ts';

/**
 * Chooses `enabled_events`: everything (`*`), whole namespaces (`invoice.*`) or single types.
 * A namespace checked covers its types, which are then shown checked and disabled, so the list
 * sent is the shortest one that means what the user sees.
 */
export function EventsPicker({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string | undefined }) {
  const all = value.includes('*');
  const has = (pattern: string) => value.includes(pattern);
  function toggle(pattern: string, on: boolean, drop: (entry: string) => boolean = () => false) {
    const rest = value.filter((entry) => entry !== pattern && !drop(entry));
    onChange(on ? [...rest, pattern] : rest);
  }
  return (
    <fieldset class={`events-picker${error ? ' invalid' : ''}`} id="field-enabled_events" aria-describedby={error ? 'field-enabled_events-error' : undefined}>
      <legend>{t('webhooks.events')}</legend>
      <p class="hint">{t('webhooks.eventsHint')}</p>
      <label class="check-row strong">
        <input type="checkbox" checked={all} onChange={(event) => onChange(event.currentTarget.checked ? ['*'] : [])} />
        {t('webhooks.allEvents')} <code>*</code>
      </label>
      <div class="events-groups">
        {EVENT_GROUPS.map((group) => {
          const wildcard = `${group.namespace}.*`;
          const groupOn = all || has(wildcard);
          return (
            <div class="events-group" key={group.namespace}>
              <label class="check-row strong">
                <input
                  type="checkbox"
                  checked={groupOn}
                  disabled={all}
                  // Checking a namespace replaces its single types.
                  onChange={(event) => toggle(wildcard, event.currentTarget.checked, (entry) => entry.startsWith(`${group.namespace}.`))}
                />
                <code>{wildcard}</code>
              </label>
              {group.types.map((type) => (
                <label class="check-row nested" key={type}>
                  <input type="checkbox" checked={groupOn || has(type)} disabled={groupOn} onChange={(event) => toggle(type, event.currentTarget.checked)} />
                  <code>{type}</code>
                </label>
              ))}
            </div>
          );
        })}
      </div>
      {error && (
        <p class="field-error" id="field-enabled_events-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
