/**
 * Building and validating a large draft as a worker-pool task (context.ts): a Pagos of thousands
 * of related documents costs a tenth of a second of mapping, arithmetic and rules, which must not
 * be the event loop's. Input and output are plain data; the catalogs arrive as answers
 * (catalog-answers.ts), and a draft that asked something unanswered says what, to be built again.
 */
import type { Comprobante } from '../../../cfdi/model.ts';
import { ApiError, type FieldError } from '../../../platform/errors/api-error.ts';
import type { InvoiceInput } from '../request-schemas.ts';
import { answeredCatalogs, type CatalogAnswers } from './catalog-answers.ts';
import type { Issuer } from './parties.ts';
import { referencesOf, type ReferencedRow } from './references.ts';
import { draftComprobante } from './validate.ts';

export interface DraftTaskInput {
  input: InvoiceInput;
  issuer: Issuer;
  references: ReferencedRow[];
  now: Date;
  timeZone: string;
  answers: CatalogAnswers;
}

export type DraftTaskOutput =
  | { comprobante: Comprobante }
  | { invalid: { detail: string; detailEs: string | undefined; errors: FieldError[] | undefined } }
  | { unanswered: string[] };

export default function draftTask(task: DraftTaskInput): DraftTaskOutput {
  const catalogs = answeredCatalogs(task.answers);
  try {
    const comprobante = draftComprobante(task.input, {
      issuer: task.issuer,
      currencyDecimals: catalogs.currencyDecimals,
      references: referencesOf(task.references),
      catalogs: catalogs.lookup,
      now: task.now,
      timeZone: task.timeZone,
    });
    return catalogs.unanswered.size > 0 ? { unanswered: [...catalogs.unanswered] } : { comprobante };
  } catch (error) {
    if (catalogs.unanswered.size > 0) return { unanswered: [...catalogs.unanswered] };
    if (error instanceof ApiError && error.code === 'cfdi.invalid_input')
      return { invalid: { detail: error.detail, detailEs: error.detailEs, errors: error.errors } };
    throw error;
  }
}
