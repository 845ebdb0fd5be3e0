interface ProfileAction {
  type: string;
  message: string;
  endpoint: string;
  requires: string[];
}

export interface FiscalProfile {
  id: string;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  zip: string;
  csd: { serial: string; valid_from: string; valid_to: string; rfc: string };
  status: 'requires_action' | 'active';
  has_fiel: boolean;
  manifest_status: 'pending_signature' | 'signed';
  manifest_signed_at: string | null;
  next_actions: ProfileAction[];
  pending_actions: ProfileAction[];
  brand_color: string;
  email_settings: { send_on_stamp: boolean; send_on_cancel: boolean; language: 'es' | 'en' };
  has_logo: boolean;
  livemode: boolean;
  created_at: string;
  updated_at: string;
}

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
