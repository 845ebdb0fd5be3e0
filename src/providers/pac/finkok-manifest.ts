/**
 * The carta manifiesto through the signing service: get_contracts_snid (privacy notice and
 * contract for the FIEL's RFC), sign both with the FIEL (contract-signer.ts), sign_contract. The
 * service answers in words, so its messages are mapped to the manifiesto.* codes by keyword.
 */
import { localDateTime } from '../../cfdi/rules/index.ts';
import type { ErrorCode } from '../../platform/errors/catalog.ts';
import type { Clock } from '../../platform/clock.ts';
import { ProviderError } from '../../platform/providers/errors.ts';
import { parameters, childText } from '../soap-client.ts';
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { signContract } from './contract-signer.ts';
import type { ManifestRequest, ManifestResult } from './port.ts';

interface ManifestCaller {
  call(service: 'firmar', operation: string, content: string): Promise<XmlElement>;
}

/** First match wins: the specific phrases before the words they contain ("Contrato mal formado: … get_contracts_snid" is not a credentials problem). */
const MESSAGES: [RegExp, ErrorCode][] = [
  [/xml mal formado/i, 'manifiesto.malformed_xml'],
  [/contrato mal formado/i, 'manifiesto.malformed_contract'],
  [/ya firm|previamente firm/i, 'manifiesto.already_signed'],
  [/snid inv[aá]lido|usuario|contraseña|credencial/i, 'manifiesto.invalid_credentials'],
  [/par[aá]metros/i, 'manifiesto.bad_request'],
  [/no es una fiel/i, 'manifiesto.invalid_certificate'],
  [/no expedido por el sat/i, 'manifiesto.certificate_not_sat'],
  [/revocado|caduc|vencid/i, 'manifiesto.certificate_not_valid'],
  [/sello|firma/i, 'manifiesto.bad_sello'],
  [/certificado/i, 'manifiesto.certificate_error'],
  [/contrato/i, 'manifiesto.contract_not_valid'],
];

export function manifestCode(message: string): ErrorCode {
  return MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? 'manifiesto.provider_error';
}

function decoded(value: string): string {
  return Buffer.from(value, 'base64').toString('utf8');
}

export async function signFinkokManifest(
  caller: ManifestCaller,
  request: ManifestRequest,
  context: { snid: string; clock: Clock; timeZone: string },
): Promise<ManifestResult> {
  const { certificate } = request.fiel;
  if (certificate.kind !== 'fiel')
    throw new ProviderError('manifiesto.invalid_certificate', `Certificate ${certificate.serialNumber} is a CSD; the manifiesto is signed with the FIEL.`, {
      retryable: false,
    });
  const contracts = await caller.call(
    'firmar',
    'get_contracts_snid',
    parameters('tns:', {
      snid: context.snid,
      taxpayer_id: certificate.rfc,
      name: certificate.legalName,
      address: request.address ?? '',
      email: request.email,
    }),
  );
  if (childText(contracts, 'success') !== 'true') {
    const error = childText(contracts, 'error') || 'The signing service refused to hand out the contracts.';
    throw new ProviderError(manifestCode(error), error, { retryable: false });
  }
  const fecha = localDateTime(context.clock.now(), context.timeZone);
  let privacyXml: string;
  let contractXml: string;
  try {
    privacyXml = signContract(decoded(childText(contracts, 'privacy')), certificate.rfc, fecha, request.fiel);
    contractXml = signContract(decoded(childText(contracts, 'contract')), certificate.rfc, fecha, request.fiel);
  } catch (error) {
    throw new ProviderError('manifiesto.xml_generation_error', `The signed contracts could not be built: ${(error as Error).message}`, {
      retryable: true,
      cause: error,
    });
  }
  const signed = await caller.call('firmar', 'sign_contract', parameters('tns:', { snid: context.snid, privacy_xml: privacyXml, contract_xml: contractXml }));
  const message = childText(signed, 'message');
  if (childText(signed, 'success') !== 'true')
    throw new ProviderError(manifestCode(message), message || 'The signing service rejected the contracts.', { retryable: false });
  return { rfc: certificate.rfc, message, privacyXml, contractXml };
}
