import { en } from '../i18n/en.ts';
import { es, type MessageKey } from '../i18n/es.ts';
import { createStore } from './store.ts';

export type Language = 'es' | 'en';
export type { MessageKey };

const KEY = 'dashboard.language';
const dictionaries: Record<Language, Record<MessageKey, string>> = { es, en };

function initialLanguage(): Language {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'es';
  } catch {
    return 'es';
  }
}

export const languageStore = createStore<Language>(initialLanguage());

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
  document.documentElement.lang = language;
  languageStore.set(language);
}

/** The message in the current language; `{name}` placeholders are filled from `values`. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  const text = dictionaries[languageStore.get()][key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
