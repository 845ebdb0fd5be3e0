/**
 * A tiny router over the History API: the dashboard lives under /dashboard and the server answers
 * index.html for every page path, so the client owns everything after the base.
 */
import { createStore } from './store.ts';

const BASE = '/dashboard';

export interface Location {
  /** The path after /dashboard, starting with '/'. */
  path: string;
  query: URLSearchParams;
}

function current(): Location {
  const rest = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return { path: rest === '' ? '/' : rest, query: new URLSearchParams(window.location.search) };
}

export const locationStore = createStore<Location>(current());

export function href(path: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value) params.set(name, value);
  const text = params.toString();
  return `${BASE}${path === '/' ? '' : path}${text ? `?${text}` : ''}`;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = to.startsWith(BASE) ? to : `${BASE}${to}`;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  locationStore.set(current());
}

/** Changes only the query string (list filters, cursors), keeping the page. */
export function setQuery(values: Record<string, string | undefined>, options: { replace?: boolean } = {}): void {
  const { path } = locationStore.get();
  navigate(href(path, values), options);
}

window.addEventListener('popstate', () => locationStore.set(current()));

/**
 * Matches '/invoices/:id' against a path; the params, or undefined. Params are decoded text, as
 * typed in the address bar (`..%2Fapi_keys` is `../api_keys`): an API path is built from them only
 * with `apiPath` (core/api.ts), which encodes each one back into a single segment.
 */
export function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index]!;
    const value = have[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return undefined;
  }
  return params;
}

/** Same-origin left clicks on links to dashboard pages stay in the app. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return;
    if (!anchor.pathname.startsWith(BASE)) return;
    event.preventDefault();
    navigate(anchor.pathname + anchor.search);
  });
}
