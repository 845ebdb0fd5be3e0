import type { Answer } from '../../api/types.ts';

/** A key as listed; `key` is set only in the answer that creates it. */
export type ApiKey = Answer<'getApiKey'>;
