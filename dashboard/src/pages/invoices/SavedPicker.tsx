import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, type Page } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';

/**
 * A search over saved customers or products (the list's `search` parameter) whose results are
 * buttons: choosing one hands it to `onPick`, which fills the form. What was chosen is shown,
 * with a button that forgets it (the fields stay as they are) when `onClear` is given.
 */
export function SavedPicker<T extends { id: string }>(props: {
  id: string;
  path: string;
  label: string;
  hint: string;
  describe: (row: T) => string;
  onPick: (row: T) => void;
  chosen?: ComponentChildren;
  /** Without it the choice cannot be undone here, only replaced by another. */
  onClear?: () => void;
}) {
  const { path } = props;
  const [text, setText] = useState('');
  const [results, setResults] = useState<T[] | undefined>();
  useEffect(() => {
    const search = text.trim();
    if (search === '') return setResults(undefined);
    let alive = true;
    const timer = setTimeout(() => {
      void api
        .get<Page<T>>(path, { query: { search, limit: 8 } })
        .then((page) => alive && setResults(page.data))
        .catch(() => alive && setResults([]));
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [path, text]);
  function pick(row: T) {
    props.onPick(row);
    setText('');
    setResults(undefined);
  }
  return (
    <div class="picker" data-testid={props.id}>
      {props.chosen && (
        <p class="notice ok picker-chosen">
          <span>{props.chosen}</span>{' '}
          {props.onClear && (
            <button type="button" class="button subtle" onClick={props.onClear}>
              {t('picker.clear')}
            </button>
          )}
        </p>
      )}
      <div class="field">
        <label for={props.id}>{props.label}</label>
        <input
          id={props.id}
          type="search"
          autoComplete="off"
          aria-describedby={`${props.id}-hint`}
          value={text}
          onInput={(event) => setText(event.currentTarget.value)}
        />
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      </div>
      <div aria-live="polite">
        {results && results.length === 0 && <p class="hint">{t('picker.none')}</p>}
        {results && results.length > 0 && (
          <ul class="picker-results" aria-label={props.label}>
            {results.map((row) => (
              <li key={row.id}>
                <button type="button" class="button subtle" onClick={() => pick(row)}>
                  {props.describe(row)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
