/**
 * Job kinds as typed definitions: each kind names its payload's TypeBox schema, so that
 * `enqueue` and the handler `register`ed for it are type-checked against the same shape, and the
 * queue checks every payload at both ends (a programming error at enqueue; a stored payload that
 * no longer matches fails its job with the reason instead of reaching the handler).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

export interface JobKind<Payload extends TSchema = TSchema> {
  readonly kind: string;
  readonly payload: Payload;
  /** The payload's problems, one line each; empty when it matches the schema. */
  problems(value: unknown): string[];
}

export type PayloadOf<Kind extends JobKind> = Static<Kind['payload']>;

const KIND_NAME = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

export function defineJob<Payload extends TSchema>(kind: string, payload: Payload): JobKind<Payload> {
  if (!KIND_NAME.test(kind)) throw new Error(`Job kind '${kind}' must be module.verb in lower snake case`);
  const compiled = Compile(payload);
  return {
    kind,
    payload,
    problems: (value) => (compiled.Check(value) ? [] : [...compiled.Errors(value)].map((error) => `${error.instancePath || '/'} ${error.message}`)),
  };
}

/** The payload of jobs that carry none: scheduled sweeps and wake-ups. */
export const NoPayload = Type.Object({}, { additionalProperties: false });
