import type { Answer } from '../../api/types.ts';

export type FiscalProfileSync = Answer<'getFiscalProfileSync'>;
