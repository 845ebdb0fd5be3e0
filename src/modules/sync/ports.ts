import type { Ctx } from '../../platform/context.ts';

/** What synchronization needs from the rest of the service (wired in app.ts). */
export interface SyncDeps {
  /** Authenticates the profile's FIEL with the SAT's bulk download services; throws the API's problem when the SAT refuses it or cannot be reached. */
  authorize(ctx: Ctx, profileId: string): Promise<void>;
}
