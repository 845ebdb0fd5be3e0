/**
 * The one API client of the dashboard: same-origin cookies, the tab's mode in Invoice-Mode, the
 * language it shows in Accept-Language (the server words password feedback in it), the CSRF
 * token on every write, and problems (RFC 9457) thrown as ApiProblem.
 */
import { languageStore } from './i18n.ts';
import { modeStore } from './mode.ts';
import { csrfToken, sessionStore, type Session } from './session.ts';

export interface FieldProblem {
  path: string;
  message: string;
  code?: string;
}

export interface Problem {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  code: string;
  remediation?: string;
  errors?: FieldProblem[];
}

export class ApiProblem extends Error {
  readonly problem: Problem;
  readonly retryAfter: number | undefined;
  constructor(problem: Problem, retryAfter?: number) {
    super(problem.detail ?? problem.title);
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
}

type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: Query;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body (file uploads). */
  form?: FormData;
  /** Return the Response's bytes as a Blob (PDF, XML) instead of JSON. */
  blob?: boolean;
  signal?: AbortSignal;
  /** A write without side effects (a preview): retried like a read when the server is busy. */
  safe?: boolean;
}

/** Times a busy answer (503 with a short Retry-After) to a read is asked again. */
const BUSY_RETRIES = 3;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An API path with every interpolated value encoded as one path segment:
 * apiPath`/v1/events/${params.id}`. A route parameter is decoded text (the page
 * `/dashboard/events/..%2Fapi_keys` has the id `../api_keys`), so written into a path as it is it
 * could climb to another endpoint or add a query; encoded it stays the name it is, and the API
 * answers that nothing has it. A value no segment can hold (missing, empty, `.` or `..`, which URL
 * resolution removes however they are encoded) gives a path the client refuses to send.
 */
export function apiPath(parts: TemplateStringsArray, ...values: (string | number | undefined)[]): string {
  let path = parts[0] ?? '';
  values.forEach((value, index) => {
    path += encodeURIComponent(value ?? '') + (parts[index + 1] ?? '');
  });
  return path;
}

/**
 * The client calls exactly the path it was given: an API path that URL resolution would change
 * (dot segments, backslashes), with an empty segment (the server would read `/v1/events/` as the
 * list), or with its own query or fragment is refused before it is sent, so no text in a path can
 * turn a call into a call to another endpoint.
 */
function assertExactPath(path: string): void {
  const resolved = new URL(path, window.location.origin);
  const exact = resolved.origin === window.location.origin && resolved.pathname === path && resolved.search === '' && resolved.hash === '';
  if (!exact || !/^\/(v1|dashboard\/api)(\/[^/]+)*$/.test(path)) throw new Error(`Refused to call ${path}: not an API path as written.`);
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function problemOf(response: Response): Promise<ApiProblem> {
  let problem: Problem;
  try {
    problem = (await response.json()) as Problem;
  } catch {
    problem = { title: response.statusText || 'Error', status: response.status, code: 'http.error' };
  }
  const retry = Number(response.headers.get('Retry-After'));
  return new ApiProblem(problem, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  assertExactPath(path);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': languageStore.get(), 'Invoice-Mode': modeStore.get() };
  const token = csrfToken();
  if (WRITES.has(method) && token) headers['X-CSRF-Token'] = token;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(withQuery(path, options.query), { method, headers, body, credentials: 'same-origin', ...(options.signal ? { signal: options.signal } : {}) });
}

/** Reloads the session (a new CSRF token); null when the session is gone. */
export async function loadSession(): Promise<Session | null> {
  const response = await fetch('/dashboard/api/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': languageStore.get() },
  });
  const session = response.ok ? ((await response.json()) as Session) : null;
  sessionStore.set(session);
  return session;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options);
  // A busy server sheds expensive reads (PDFs) with 503 and Retry-After, and renders one
  // organization's PDFs a few at a time: a read (or a safe write) is asked again after the wait.
  for (let attempt = 0; attempt < BUSY_RETRIES && response.status === 503 && (method === 'GET' || options.safe); attempt += 1) {
    const wait = Number(response.headers.get('Retry-After'));
    if (!(wait > 0 && wait <= 5) || options.signal?.aborted) break;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    response = await send(method, path, options);
  }
  if (response.status === 403 || response.status === 401) {
    const failure = await problemOf(response.clone());
    if (failure.problem.code === 'dashboard.csrf_failed' && (await loadSession())) response = await send(method, path, options);
    else if (failure.problem.code === 'dashboard.session_required') sessionStore.set(null);
  }
  if (!response.ok) throw await problemOf(response);
  if (options.blob) return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  upload: <T>(method: 'POST' | 'PATCH', path: string, form: FormData) => request<T>(method, path, { form }),
};
