/**
 * The e-mails that carry an invoice or tell of its cancellation, in Spanish or English, with the
 * issuer's logo and colour (the PDF's branding). Everything taken from the invoice is escaped
 * before it goes into the HTML.
 */
import type { Comprobante } from '../../cfdi/model.ts';
import type { MailAttachment } from '../../platform/mail/index.ts';
import type { EmailLanguage, InvoiceEmailKind } from './email-repository.ts';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  /** The logo, shown inline, when the profile has one. */
  inline: MailAttachment[];
}

export interface EmailTemplateInput {
  kind: InvoiceEmailKind;
  language: EmailLanguage;
  comprobante: Comprobante;
  uuid: string;
  brandColor: string;
  logo: { content: Buffer; contentType: string } | null;
  /** Whether the acuse of the cancellation is attached. */
  withAcuse: boolean;
  livemode: boolean;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

const WORDS = {
  es: {
    invoiceSubject: (folio: string, issuer: string) => `Factura ${folio} de ${issuer}`,
    cancellationSubject: (folio: string, issuer: string) => `Cancelación de la factura ${folio} de ${issuer}`,
    invoiceIntro: (issuer: string) => `${issuer} le envía su factura electrónica (CFDI). Se adjuntan el PDF y el XML.`,
    cancellationIntro: (issuer: string) => `${issuer} le informa que la factura electrónica (CFDI) siguiente fue cancelada ante el SAT.`,
    acuseAttached: 'Se adjunta el acuse de cancelación del SAT.',
    testMode: 'Documento de prueba: sin validez fiscal.',
    folio: 'Folio',
    uuid: 'Folio fiscal (UUID)',
    issuer: 'Emisor',
    receiver: 'Receptor',
    date: 'Fecha',
    total: 'Total',
  },
  en: {
    invoiceSubject: (folio: string, issuer: string) => `Invoice ${folio} from ${issuer}`,
    cancellationSubject: (folio: string, issuer: string) => `Invoice ${folio} from ${issuer} cancelled`,
    invoiceIntro: (issuer: string) => `${issuer} sends you an electronic invoice (CFDI). The PDF and the XML are attached.`,
    cancellationIntro: (issuer: string) => `${issuer} lets you know that the following electronic invoice (CFDI) was cancelled with the SAT.`,
    acuseAttached: "The SAT's cancellation acknowledgement (acuse) is attached.",
    testMode: 'Test document: it has no fiscal validity.',
    folio: 'Number',
    uuid: 'Fiscal folio (UUID)',
    issuer: 'Issuer',
    receiver: 'Receiver',
    date: 'Date',
    total: 'Total',
  },
} as const;

const LOGO_CID = 'logo@invoice';
const LOGO_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** A colour is only ever `#rrggbb` (the profile's schema); anything else falls back to a neutral one. */
function safeColor(color: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color : '#333333';
}

export function invoiceEmail(input: EmailTemplateInput): EmailContent {
  const words = WORDS[input.language];
  const c = input.comprobante;
  const issuer = c.Emisor.Nombre || c.Emisor.Rfc;
  const folio = [c.Serie, c.Folio].filter(Boolean).join('-') || input.uuid;
  const subject = input.kind === 'invoice' ? words.invoiceSubject(folio, issuer) : words.cancellationSubject(folio, issuer);
  const intro = input.kind === 'invoice' ? words.invoiceIntro(issuer) : words.cancellationIntro(issuer);
  const facts: [string, string][] = [
    [words.folio, folio],
    [words.uuid, input.uuid],
    [words.issuer, `${c.Emisor.Nombre} (${c.Emisor.Rfc})`],
    [words.receiver, `${c.Receptor.Nombre} (${c.Receptor.Rfc})`],
    [words.date, c.Fecha],
    [words.total, `${c.Total} ${c.Moneda}`],
  ];
  const notes = [...(input.kind === 'cancellation' && input.withAcuse ? [words.acuseAttached] : []), ...(input.livemode ? [] : [words.testMode])];
  const color = safeColor(input.brandColor);
  const extension = input.logo ? LOGO_EXTENSIONS[input.logo.contentType] : undefined;
  const logo = input.logo && extension ? { ...input.logo, extension } : undefined;
  const html = [
    '<!doctype html>',
    `<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:#222">',
    `<div style="border-top:6px solid ${color};padding:24px;max-width:640px">`,
    logo ? `<img src="cid:${LOGO_CID}" alt="${escapeHtml(issuer)}" style="max-height:64px;max-width:240px">` : '',
    `<h1 style="font-size:20px;color:${color}">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...facts.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    ...notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    '</div></body></html>',
  ].join('\n');
  const text = [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), ...(notes.length > 0 ? ['', ...notes] : [])].join('\n');
  const inline: MailAttachment[] = logo ? [{ filename: `logo.${logo.extension}`, contentType: logo.contentType, content: logo.content, cid: LOGO_CID }] : [];
  return { subject, html, text, inline };
}
