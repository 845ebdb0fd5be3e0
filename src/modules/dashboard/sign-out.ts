import type { Services } from '../../platform/context.ts';
import { revokeSession } from './repository.ts';
import type { CurrentSession } from './sessions.ts';

export async function signOut({ services, session }: { services: Services; session: CurrentSession }): Promise<void> {
  await revokeSession(services.db, session.id, services.clock.now());
}
