/**
 * The manifest ("carta manifiesto") signing service Finkok runs with its partner Quadrum
 * (servicios/soap/firmar): get_contracts_snid returns the privacy notice and the service contract
 * (base64 text) for a taxpayer; the taxpayer signs each as `<documento><contrato rfc fecha>text
 * </contrato><Signature/></documento>` (enveloped XML-DSig with its FIEL, certificate in KeyInfo)
 * and sends both with sign_contract. The partner is identified by its SNID, not by a password.
 */
import type { XmlElement } from '../../cfdi/xml/tree.ts';
import { readCertificate, CredentialError } from '../../cfdi/credentials.ts';
import type { SatCertificate } from '../../cfdi/credentials.ts';
import { parseXml } from '../../cfdi/xml/parse.ts';
import { verifyEnveloped } from '../../cfdi/xml/xmldsig.ts';
import { RFC_PATTERN } from '../../cfdi/rules/patterns.ts';
import type { SimulatorDeps } from '../deps.ts';
import { child, element, param, SoapFault, textOf } from '../soap.ts';
import { resultEnvelope } from './finkok.ts';

const PRIVACY_TITLE = 'AVISO DE PRIVACIDAD DEL SIMULADOR DE PAC';
const CONTRACT_TITLE = 'CONTRATO DE PRESTACION DE SERVICIOS DE CERTIFICACION (SIMULADOR)';

function contractsResult(success: boolean, contract: string, privacy: string, error: string): string {
  return resultEnvelope(
    'manifest',
    'get_contracts_snid',
    element('s0:success', success ? 'true' : 'false') +
      element('s0:contract', Buffer.from(contract, 'utf8').toString('base64')) +
      element('s0:privacy', Buffer.from(privacy, 'utf8').toString('base64')) +
      element('s0:error', error),
  );
}

function getContracts(deps: SimulatorDeps, operation: XmlElement): string {
  if (param(operation, 'snid') !== deps.settings.manifestSnid) return contractsResult(false, '', '', 'SNID inválido.');
  const rfc = param(operation, 'taxpayer_id').toUpperCase();
  const name = param(operation, 'name');
  const email = param(operation, 'email');
  if (!RFC_PATTERN.test(rfc) || name === '' || email === '') {
    return contractsResult(false, '', '', 'Parámetros incompletos o incorrectos: taxpayer_id, name y email son obligatorios.');
  }
  const party = `${name} (RFC ${rfc}), con domicilio en ${param(operation, 'address') || 'el registrado ante el SAT'} y correo ${email}`;
  const privacy = `${PRIVACY_TITLE}. ${party} acepta que sus datos se usen solo para certificar sus CFDI de prueba.`;
  const contract = `${CONTRACT_TITLE}. ${party} autoriza al PAC ${deps.settings.pacName} (${deps.settings.pacRfc}) a certificar sus CFDI y a entregar copia al SAT.`;
  return contractsResult(true, contract, privacy, '');
}

function signResult(success: boolean, message: string): string {
  return resultEnvelope('manifest', 'sign_contract', element('s0:success', success ? 'true' : 'false') + element('s0:message', message));
}

interface SignedDocument {
  rfc: string;
  text: string;
  certificate: SatCertificate;
}

/** Checks one signed document; a string is the rejection message. */
function readSigned(xml: string, title: string): SignedDocument | string {
  let root: XmlElement;
  try {
    root = parseXml(xml, { maxBytes: 1024 * 1024 });
  } catch (error) {
    return `XML mal formado: ${(error as Error).message}`;
  }
  const contrato = root.local === 'documento' ? child(root, 'contrato') : undefined;
  const rfc = contrato?.attributes.find((a) => a.local === 'rfc')?.value ?? '';
  const text = contrato ? textOf(contrato) : '';
  if (!contrato || !text.startsWith(title) || !text.includes(`RFC ${rfc})`))
    return 'Contrato mal formado: no es el documento entregado por get_contracts_snid.';
  const signature = verifyEnveloped(xml);
  if (!signature.certificateDer) return 'Sello inválido: el documento no trae firma con certificado.';
  let certificate: SatCertificate;
  try {
    certificate = readCertificate(signature.certificateDer);
  } catch (error) {
    if (error instanceof CredentialError) return 'El certificado no es una FIEL del SAT.';
    throw error;
  }
  if (!signature.ok) return `Sello inválido: ${signature.message}`;
  return { rfc, text, certificate };
}

async function signContract(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  if (param(operation, 'snid') !== deps.settings.manifestSnid) return signResult(false, 'SNID inválido.');
  const privacyXml = param(operation, 'privacy_xml');
  const contractXml = param(operation, 'contract_xml');
  if (privacyXml === '' || contractXml === '') return signResult(false, 'Parámetros incompletos o incorrectos: privacy_xml y contract_xml son obligatorios.');
  const privacy = readSigned(privacyXml, PRIVACY_TITLE);
  if (typeof privacy === 'string') return signResult(false, privacy);
  const contract = readSigned(contractXml, CONTRACT_TITLE);
  if (typeof contract === 'string') return signResult(false, contract);
  const { certificate } = contract;
  const now = deps.clock.now();
  if (certificate.kind !== 'fiel') return signResult(false, 'El certificado no es una FIEL: los contratos se firman con la e.firma.');
  if (deps.ca.trustOf(certificate) === undefined) return signResult(false, 'Certificado no expedido por el SAT.');
  if (now < certificate.validFrom || now > certificate.validTo || (await deps.ca.isRevoked(certificate.serialNumber, now))) {
    return signResult(false, 'Certificado revocado o caduco.');
  }
  if (certificate.rfc !== contract.rfc || privacy.rfc !== contract.rfc || privacy.certificate.serialNumber !== certificate.serialNumber) {
    return signResult(false, `Error en el certificado: la FIEL es de ${certificate.rfc} y los documentos son de ${contract.rfc}.`);
  }
  const recorded = await deps.ledger.recordManifest({
    rfc: contract.rfc,
    email: '',
    fielNoCertificado: certificate.serialNumber,
    privacyXml,
    contractXml,
    signedAt: now,
  });
  if (!recorded) return signResult(false, `El RFC ${contract.rfc} ya firmó el manifiesto.`);
  return signResult(true, 'Contratos firmados correctamente.');
}

export async function manifestOperation(deps: SimulatorDeps, operation: XmlElement): Promise<string> {
  switch (operation.local) {
    case 'get_contracts_snid':
    case 'get_contracts':
      return getContracts(deps, operation);
    case 'sign_contract':
      return signContract(deps, operation);
    default:
      throw new SoapFault('Client', `Unknown operation ${operation.local} of the manifest service.`);
  }
}
