/**
 * A CFDI as a hostile issuer could write it, for the tests of served documents: a real stamped
 * sample under another TFD UUID whose Addenda (free content that neither the SAT nor the store
 * reads) holds an XHTML script. Were it shown as a page of the service's origin to a signed-in
 * dashboard user, the script would mark the origin's localStorage at once and then ask the API, with
 * that user's session and CSRF token, for a live API key.
 */
import fs from 'node:fs';
import { satPath } from './shared.ts';

const HOSTILE_SAMPLE = 'cfdi40/real/I_CSM190311AH6_2022-01-12_real.xml';
/** The localStorage item the script sets as its first statement. */
export const SCRIPT_MARKER = 'addenda-script';
/** The name of the API key the script asks for. */
export const HOSTILE_KEY_NAME = 'addenda-key';

const SCRIPT = `
localStorage.setItem('${SCRIPT_MARKER}', 'ran');
fetch('/dashboard/api/session', { credentials: 'same-origin' })
  .then((response) => response.json())
  .then((session) => fetch('/v1/api_keys', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token, 'Invoice-Mode': 'live' },
    body: JSON.stringify({ name: '${HOSTILE_KEY_NAME}', mode: 'live' }),
  }));
`;

const ADDENDA = `<cfdi:Addenda><html:div xmlns:html="http://www.w3.org/1999/xhtml"><html:script><![CDATA[${SCRIPT}]]></html:script></html:div></cfdi:Addenda>`;

/** The sample under TFD UUID `uuid`, its Addenda holding the script. */
export function hostileCfdi(uuid: string): { name: string; xml: Buffer } {
  const xml = fs
    .readFileSync(satPath('samples', HOSTILE_SAMPLE), 'utf8')
    .replace(/(TimbreFiscalDigital[^>]*?UUID=")[^"]+"/, `$1${uuid}"`)
    .replace('</cfdi:Comprobante>', `${ADDENDA}\n</cfdi:Comprobante>`);
  return { name: `${uuid}.xml`, xml: Buffer.from(xml) };
}
