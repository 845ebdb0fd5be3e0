import { Type } from 'typebox';
import { ApiError } from '../errors/api-error.ts';
import { fieldLabel } from '../errors/field-words.ts';

/** A `created[gte]`-style list filter: an ISO date or date-time, inclusive. */
export const DateBound = Type.String({
  minLength: 1,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
  description: 'ISO date or date-time, inclusive. A bare date covers that whole UTC day.',
});

/** Turns an inclusive bound into an instant: a bare date starts or ends its UTC day. */
export function dateBound(value: string, edge: 'start' | 'end', name: string): Date {
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const text = bare ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : /[Z+-]\d{0,2}:?\d{0,2}$/.test(value.slice(10)) ? value : `${value}Z`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    throw new ApiError(
      'request.validation_failed',
      { en: `${name} is not a valid date.`, es: 'La fecha no es válida.' },
      {
        errors: [{ path: name, code: 'invalid_format', message: 'is not a valid date.', messageEs: `${fieldLabel(name, 'es')}: no es una fecha válida.` }],
      },
    );
  }
  return date;
}

/** The `created[gte]` and `created[lte]` filters of a list query as instants (either may be absent). */
export function createdRange(query: { 'created[gte]'?: string; 'created[lte]'?: string }): { from?: Date; through?: Date } {
  return {
    ...(query['created[gte]'] !== undefined ? { from: dateBound(query['created[gte]'], 'start', 'created[gte]') } : {}),
    ...(query['created[lte]'] !== undefined ? { through: dateBound(query['created[lte]'], 'end', 'created[lte]') } : {}),
  };
}
