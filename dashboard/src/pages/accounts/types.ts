import type { Answer } from '../../api/types.ts';

export type ConnectedAccount = Answer<'getAccount'>;
