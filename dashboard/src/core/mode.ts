import { createStore } from './store.ts';

export type Mode = 'test' | 'live';

// The mode is per tab (sessionStorage), so a live tab and a test tab can sit side by side.
const KEY = 'dashboard.mode';

function initialMode(): Mode {
  try {
    return sessionStorage.getItem(KEY) === 'live' ? 'live' : 'test';
  } catch {
    return 'test';
  }
}

export const modeStore = createStore<Mode>(initialMode());

export function setMode(mode: Mode): void {
  try {
    sessionStorage.setItem(KEY, mode);
  } catch {
    // Storage may be disabled; the mode then lasts until the page is reloaded.
  }
  modeStore.set(mode);
}
