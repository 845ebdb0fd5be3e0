import type { Answer, Item } from '../../api/types.ts';

export type UsageRecord = Item<'listUsage'>;

/** `stamp_credits` is null in test mode, which is unmetered. */
export type Balance = Answer<'getBalance'>;
