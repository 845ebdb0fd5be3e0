import type { Mode } from '../../platform/context.ts';
import type { RfcValidator } from '../../providers/sat/rfc-validation.ts';
import type { InvoiceCatalogs } from '../invoices/index.ts';

/** What customers need from the composition root: the SAT catalogs and each mode's RFC validation. */
export interface CustomerDeps {
  catalogs: InvoiceCatalogs;
  /** The simulator's in test mode; undefined in live mode, where no RFC validation provider exists. */
  rfcValidatorFor(mode: Mode): RfcValidator | undefined;
}
