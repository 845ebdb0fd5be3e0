import { Type } from 'typebox';
import type { Services } from '../../platform/context.ts';
import { contentDisposition } from '../../platform/http/documents.ts';
import { listUrl } from '../../platform/http/pagination.ts';
import { IdParam, ListOf, Problem } from '../../platform/http/schemas.ts';
import { ctxOf, type Server } from '../../platform/http/server.ts';
import { requestLanguage } from '../../platform/errors/language.ts';
import { answerInLanguage, fieldErrorIn } from '../../platform/http/problem.ts';
import { BrandingPreviewBody, DEFAULT_BRAND_COLOR } from '../fiscal-profiles/index.ts';
import { renderBrandingPreview } from './branding-preview.ts';
import { cancelInvoice } from './cancel-invoice.ts';
import { createInvoice } from './create-invoice.ts';
import { previewInvoice } from './preview-invoice.ts';
import { listPayableInvoices } from './payable-invoices.ts';
import { deleteInvoice } from './delete-invoice.ts';
import { invoiceAcuse, invoicePdf, invoiceXml } from './documents.ts';
import { invoiceObject, pageObjects, singleObject } from './objects.ts';
import type { InvoiceDeps } from './ports.ts';
import { getInvoice, listInvoices } from './read-invoices.ts';
import { CancelInvoiceBody, CreateInvoiceRequest, UpdateInvoiceBody } from './request-schemas.ts';
import {
  DeletedInvoice,
  Invoice,
  InvoiceEmail,
  InvoicePreview,
  PayableInvoice,
  PayableInvoicesQuery,
  InvoiceListQuery,
  SendInvoiceEmailBody,
} from './schemas.ts';
import { listInvoiceEmails, requestInvoiceEmail } from './send-email.ts';
import { stampInvoice } from './stamp-invoice.ts';
import { updateInvoiceDraft } from './update-invoice.ts';

const tags = ['Invoices'];
const Id = IdParam('Invoice id (`inv_…`)');
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: Problem } } });
const document = (mediaType: string, description: string, format?: string) => ({
  description,
  content: { [mediaType]: { schema: Type.String(format ? { format } : {}) } },
});

const NOT_DRAFT = problem(
  'Only drafts change: stamping started (`invoice.not_stampable`), or the new folio is used (`invoice.folio_taken`, `invoice.folio_contention`).',
);

/**
 * The invoice endpoints (docs/contract.md §3), with the dependencies the composition root gives
 * (src/app.ts).
 */
export function registerInvoiceRoutes(server: Server, services: Services, deps: InvoiceDeps): void {
  const { baseUrl } = services.config;

  // The invoice's own fields become CFDI text: a character it cannot carry is an invalid invoice.
  // Rate-limit costs follow the CPU each call takes (docs/decisions.md, "Weighted rate limits").
  const invoiceInput = { invalidTextCode: 'cfdi.invalid_input' as const, rateLimitCost: 2 };

  server.post(
    '/v1/invoices',
    {
      config: invoiceInput,
      schema: {
        tags,
        summary: 'Create an invoice',
        operationId: 'createInvoice',
        body: CreateInvoiceRequest,
        description:
          'Validates the request against the SAT catalogs and the CFDI 4.0 rules and creates a `draft` with its amounts computed and its folio assigned. Every failing field is listed in one 422 `cfdi.invalid_input`.',
        response: {
          201: Invoice,
          409: problem('The explicit folio is used (`invoice.folio_taken`) or could not be assigned (`invoice.folio_contention`, with Retry-After).'),
        },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, services);
      const { row, profile } = await createInvoice(ctx, deps, request.body);
      return reply.code(201).send(invoiceObject(row, profile, baseUrl));
    },
  );

  server.post(
    '/v1/invoices/preview',
    {
      // Stores nothing: a read for the team roles (docs/guides/team.md), and as cheap as a create's validation.
      config: { ...invoiceInput, permission: 'read' },
      schema: {
        tags,
        summary: 'Preview an invoice',
        operationId: 'previewInvoice',
        body: CreateInvoiceRequest,
        description:
          'Takes the body of POST /v1/invoices and answers what it would become, without storing anything, assigning a folio or stamping: the amounts computed exactly as on creation (subtotal, discount, the taxes by tax and rate, total; for a payment, the sum of its payments) and every failing field, in the language of `Accept-Language`. Answers 200 whether the body is valid or not (`valid`); amounts are null while some cannot be computed.',
        response: { 200: InvoicePreview },
      },
    },
    async (request, reply) => {
      const preview = await previewInvoice(ctxOf(request, services), deps, request.body);
      const language = requestLanguage(request);
      answerInLanguage(reply, language);
      return { ...preview, errors: preview.errors.map((error) => fieldErrorIn(error, language)) };
    },
  );

  server.get(
    '/v1/invoices',
    {
      schema: { tags, summary: 'List invoices', operationId: 'listInvoices', querystring: InvoiceListQuery, response: { 200: ListOf(Invoice) } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const page = await listInvoices(ctx, request.query, listUrl(request));
      return pageObjects(ctx, page, baseUrl);
    },
  );

  server.get(
    '/v1/payable_invoices',
    {
      schema: {
        tags,
        summary: "List a customer's payable invoices",
        operationId: 'listPayableInvoices',
        querystring: PayableInvoicesQuery,
        description:
          "The customer's stamped PPD invoices (the newest 100) with a balance left, each with its saldo insoluto (the balance the last stamped payment of this account left, or its total), what was paid, the next installment number and its taxes: what a payment (type P) needs for `payments[].documents[]`. Payments issued outside this service are not known to it.",
        response: { 200: ListOf(PayableInvoice) },
      },
    },
    async (request) => {
      const data = await listPayableInvoices(ctxOf(request, services), request.query.customer_rfc);
      return { object: 'list' as const, url: '/v1/payable_invoices', data, has_more: false };
    },
  );

  server.get(
    '/v1/invoices/:id',
    {
      schema: { tags, summary: 'Retrieve an invoice', operationId: 'getInvoice', params: Id, response: { 200: Invoice } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      return singleObject(ctx, await getInvoice(ctx, request.params.id), baseUrl);
    },
  );

  server.patch(
    '/v1/invoices/:id',
    {
      config: invoiceInput,
      schema: {
        tags,
        summary: 'Update a draft invoice',
        operationId: 'updateInvoice',
        params: Id,
        body: UpdateInvoiceBody,
        description: 'Drafts only (409 `invoice.not_stampable` otherwise). The invoice is validated and its amounts recomputed as on creation.',
        response: { 200: Invoice, 409: NOT_DRAFT },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const { row, profile } = await updateInvoiceDraft(ctx, deps, request.params.id, request.body);
      return invoiceObject(row, profile, baseUrl);
    },
  );

  server.delete(
    '/v1/invoices/:id',
    {
      schema: { tags, summary: 'Delete a draft invoice', operationId: 'deleteInvoice', params: Id, response: { 200: DeletedInvoice, 409: NOT_DRAFT } },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      await deleteInvoice(ctx, request.params.id);
      return { object: 'invoice' as const, id: request.params.id, deleted: true as const };
    },
  );

  server.post(
    '/v1/invoices/:id/stamp',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Stamp an invoice',
        operationId: 'stampInvoice',
        params: Id,
        description:
          "Seals the draft with the profile's CSD (Fecha now, in the issuer's local time) and has it stamped by the PAC (the simulator in test mode). Live stamps consume one credit. Safe to retry with the same Idempotency-Key: a stamp already made is returned, never repeated.",
        response: {
          200: Invoice,
          402: problem('No live stamp credits left (`balance.insufficient_credits`).'),
          409: problem('Already stamped (`invoice.already_stamped`), or the profile has not signed the carta manifiesto (`fiscal_profile.manifest_required`).'),
          502: problem(
            'The PAC did not answer (`pac.internal_error`, with Retry-After); the invoice stays `stamping` until a retry or the recovery job finishes it.',
          ),
        },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const { row, profile } = await stampInvoice(ctx, deps, request.params.id);
      return profile ? invoiceObject(row, profile, baseUrl) : singleObject(ctx, row, baseUrl);
    },
  );

  server.post(
    '/v1/invoices/:id/cancel',
    {
      config: { rateLimitCost: 5 },
      schema: {
        tags,
        summary: 'Cancel an invoice',
        operationId: 'cancelInvoice',
        params: Id,
        body: CancelInvoiceBody,
        description:
          'Asks the SAT (through the PAC) to cancel a stamped invoice. Cancelled at once when no acceptance is needed; otherwise `cancellation.status` is `pending` until the receptor answers (72 business hours; silence accepts).',
        response: {
          200: Invoice,
          409: problem('Not stamped (`invoice.not_stamped`), or a cancellation is already pending (`invoice.cancellation_in_progress`).'),
          502: problem('The SAT or the PAC could not be reached (`cancel.sat_service_unavailable`, `pac.internal_error`, with Retry-After).'),
        },
      },
    },
    async (request) => {
      const ctx = ctxOf(request, services);
      const row = await cancelInvoice(ctx, deps, request.params.id, request.body);
      return singleObject(ctx, row, baseUrl);
    },
  );

  server.get(
    '/v1/invoices/:id/xml',
    {
      schema: {
        tags,
        summary: 'Download the stamped XML',
        operationId: 'getInvoiceXml',
        params: Id,
        response: {
          200: document('application/xml', 'The stamped CFDI, byte for byte as the PAC returned it.'),
          409: problem('The invoice is not stamped yet (`invoice.xml_requires_stamp`).'),
        },
      },
    },
    async (request, reply) => {
      const { body, filename } = await invoiceXml(ctxOf(request, services), request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition('inline', filename))
        .send(body as never);
    },
  );

  server.get(
    '/v1/invoices/:id/pdf',
    {
      config: { rateLimitCost: 20 },
      schema: {
        tags,
        summary: 'Download the PDF',
        operationId: 'getInvoicePdf',
        params: Id,
        response: {
          200: document('application/pdf', 'The representación impresa of the stamped CFDI.', 'binary'),
          409: problem('The invoice is not stamped yet (`invoice.pdf_requires_stamp`).'),
        },
      },
    },
    async (request, reply) => {
      const { body, filename } = await invoicePdf(ctxOf(request, services), deps, request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition('inline', filename))
        .send(body as never);
    },
  );

  // Served here, beside the renderer and its worker pool, though it reads as a fiscal-profile URL:
  // the invoices module already depends on fiscal-profiles, and the reverse would be a cycle.
  server.post(
    '/v1/fiscal_profiles/:id/branding_preview',
    {
      // Saves nothing: a read for the team roles (docs/guides/team.md).
      config: { rateLimitCost: 20, permission: 'read' },
      schema: {
        tags: ['Fiscal profiles'],
        summary: 'Preview the PDF branding',
        operationId: 'previewFiscalProfileBranding',
        description:
          'Renders a sample invoice with this profile as emisor (its RFC, name, regime, zip and saved logo) and the candidate `brand_color`, with the same renderer as stamped invoices. The PDF says on every page that it is a preview and not a CFDI: it has no folio fiscal, seal or QR. Nothing is saved or counted; works in test and live mode.',
        params: IdParam('Fiscal profile id (`fp_…`)'),
        body: BrandingPreviewBody,
        response: { 200: document('application/pdf', 'The preview PDF (not a CFDI).', 'binary') },
      },
      // Every field is optional, so no body at all means "the saved branding", like `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const color = request.body.brand_color;
      const input = color === undefined ? {} : { brandColor: color ?? DEFAULT_BRAND_COLOR };
      const body = await renderBrandingPreview(ctxOf(request, services), deps, request.params.id, input);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', contentDisposition('inline', `vista-previa-${request.params.id}.pdf`))
        .send(body as never);
    },
  );

  server.post(
    '/v1/invoices/:id/email',
    {
      schema: {
        tags,
        summary: 'E-mail an invoice',
        operationId: 'emailInvoice',
        params: Id,
        body: SendInvoiceEmailBody,
        description:
          "Queues an e-mail with the invoice's PDF and XML (the same bytes as the download endpoints), in Spanish (default) or English, with the fiscal profile's logo and colour. Sent by a job with retries; `invoice.email_sent` or `invoice.email_failed` tells the outcome, and GET /v1/invoices/{id}/emails shows every attempt. Without a mail server outside production the message is kept by the service's mail catcher (docs/guides/email.md).",
        response: {
          202: InvoiceEmail,
          409: problem('The invoice is not stamped (`invoice.email_requires_stamp`).'),
          422: problem('No `recipients` and the invoice has no `customer.email` (`invoice.email_no_recipients`).'),
          503: problem('Production without a mail server (`invoice.email_not_configured`).'),
        },
      },
      // Every field is optional: no body means the default recipients in Spanish.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const email = await requestInvoiceEmail({
        ctx: ctxOf(request, services),
        id: request.params.id,
        input: request.body,
        savedParts: deps.savedParts,
      });
      return reply.code(202).send(email);
    },
  );

  server.get(
    '/v1/invoices/:id/emails',
    {
      schema: {
        tags,
        summary: "List an invoice's e-mails",
        operationId: 'listInvoiceEmails',
        params: Id,
        description: 'Every e-mail of the invoice with its delivery log, oldest first.',
        response: { 200: ListOf(InvoiceEmail) },
      },
    },
    async (request) => {
      const data = await listInvoiceEmails(ctxOf(request, services), request.params.id);
      return { object: 'list' as const, url: `/v1/invoices/${request.params.id}/emails`, data, has_more: false };
    },
  );

  server.get(
    '/v1/invoices/:id/acuse',
    {
      schema: {
        tags,
        summary: 'Download the cancellation acuse',
        operationId: 'getInvoiceAcuse',
        params: Id,
        response: { 200: document('application/xml', 'The SAT acuse of the cancellation request (422 `cancel.no_acuse` before there is one).') },
      },
    },
    async (request, reply) => {
      const { body, filename } = await invoiceAcuse(ctxOf(request, services), request.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition('inline', filename))
        .send(body as never);
    },
  );
}
