/**
 * Names for the API's types, read from the file generated from its OpenAPI document
 * (`npm run api-types`): the dashboard declares no copy of a resource's shape.
 */
import type { components, operations } from './schema.d.ts';

type Responses<Id extends keyof operations> = operations[Id]['responses'];

/** The JSON body that an operation (by its operationId) answers with a status, 200 unless told. */
export type Answer<Id extends keyof operations, Status extends keyof Responses<Id> = 200 & keyof Responses<Id>> = Responses<Id>[Status] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;

/** One item of a list operation's `data`. */
export type Item<Id extends keyof operations> = Answer<Id> extends { data: (infer Row)[] } ? Row : never;

/** A named schema of the document's components. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
