import type { Answer } from '../../api/types.ts';

export type FiscalProfile = Answer<'getFiscalProfile'>;

/** Appends the form's text values that are set and its chosen files to a multipart body. */
export function multipart(values: Record<string, string>, files: Record<string, File | undefined>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) if (value.trim() !== '') body.append(name, value.trim());
  for (const [name, file] of Object.entries(files)) if (file) body.append(name, file, file.name);
  return body;
}

/** A file as base64, for the JSON endpoints that take credentials that way (the manifiesto). */
export async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(text);
}
