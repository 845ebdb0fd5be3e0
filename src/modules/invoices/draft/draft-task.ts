/**
 * Building and validating a large draft as a worker-pool task (context.ts): a Pagos of thousands
 * of related documents costs a tenth of a second of mapping, arithmetic and rules, which must not
 * be the event loop's. Input and output are plain data; the catalogs arrive as answers
 * (catalog-answers.ts), and a draft that asked something unanswered says what, to be built again.
 */
import type { InvoiceInput } from '../request-schemas.ts';
import { answeredCatalogs, type CatalogAnswers } from './catalog-answers.ts';
import type { Issuer } from './parties.ts';
import { referencesOf, type ReferencedRow } from './references.ts';
import { draftFindings, type DraftFindings } from './validate.ts';

export interface DraftTaskInput {
  input: InvoiceInput;
  issuer: Issuer;
  references: ReferencedRow[];
  now: Date;
  timeZone: string;
  answers: CatalogAnswers;
}

/** The draft's model and failing fields (the caller decides whether they fail the request), or the questions to answer first. */
export type DraftTaskOutput = { findings: DraftFindings } | { unanswered: string[] };

export default function draftTask(task: DraftTaskInput): DraftTaskOutput {
  const catalogs = answeredCatalogs(task.answers);
  try {
    const findings = draftFindings(task.input, {
      issuer: task.issuer,
      currencyDecimals: catalogs.currencyDecimals,
      references: referencesOf(task.references),
      catalogs: catalogs.lookup,
      now: task.now,
      timeZone: task.timeZone,
    });
    return catalogs.unanswered.size > 0 ? { unanswered: [...catalogs.unanswered] } : { findings };
  } catch (error) {
    if (catalogs.unanswered.size > 0) return { unanswered: [...catalogs.unanswered] };
    throw error;
  }
}
