import type { Answer } from '../../api/types.ts';

export type Validation = Answer<'getValidation'>;
export type ValidationIssue = Validation['errors'][number];

/** One check as the API reports it: its outcome and why (docs/guides/validations.md). */
export type ValidationCheck = Validation['checks'][number];
export type CheckStatus = ValidationCheck['status'];

/** A currency code Intl can format; anything else (a malformed Moneda) is shown as MXN's format. */
export const currencyOf = (moneda: string | null | undefined) => (moneda && /^[A-Z]{3}$/.test(moneda) ? moneda : 'MXN');
