import { api } from '../core/api.ts';

/**
 * Fetches a file with the session and mode headers (a plain link could not send them) and hands
 * it to the browser as a download. Throws ApiProblem like any API call.
 */
export async function saveFile(path: string, name: string): Promise<void> {
  const blob = await api.get<Blob>(path, { blob: true });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
