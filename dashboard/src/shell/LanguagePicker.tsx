import { type Language, languageStore, setLanguage, t } from '../core/i18n.ts';
import { useStore } from '../core/store.ts';

/** The language of the dashboard, in the shell's top bar and on the signed-out pages. */
export function LanguagePicker() {
  const language = useStore(languageStore);
  return (
    <label class="language">
      <span class="visually-hidden">{t('shell.language')}</span>
      <select value={language} onChange={(event) => setLanguage(event.currentTarget.value as Language)}>
        <option value="es">Español</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}
