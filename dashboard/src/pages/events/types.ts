import type { Answer } from '../../api/types.ts';

export type ApiEvent = Answer<'getEvent'>;
