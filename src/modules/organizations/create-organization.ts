import type { Services } from '../../platform/context.ts';
import { ApiError } from '../../platform/errors/api-error.ts';
import { newId } from '../../platform/ids.ts';
import { createApiKey, type CreatedApiKey } from '../api-keys/index.ts';
import { insertOrganization, type OrganizationRow } from './repository.ts';

export interface CreatedOrganization {
  organization: OrganizationRow;
  test: CreatedApiKey;
  live: CreatedApiKey;
}

/**
 * An organization with its first test and live keys, in one transaction (the development
 * bootstrap; docs/contract.md §1 turns it off in production).
 */
export async function bootstrapOrganization(services: Services, input: { name: string; email?: string }): Promise<CreatedOrganization> {
  const { name, email } = input;
  if (!services.config.bootstrapEnabled) {
    throw new ApiError('org.bootstrap_disabled', {
      en: 'Organization bootstrap is turned off on this server; ask its operator for an API key.',
      es: 'Este servidor no permite crear organizaciones por la API; pida una llave de API a quien lo opera.',
    });
  }
  const at = services.clock.now();
  return services.db.transaction().execute(async (trx) => {
    const organization = await insertOrganization(trx, {
      id: newId('org', at.getTime()),
      name,
      email: email ?? null,
      parent_id: null,
      created_at: at,
      updated_at: at,
    });
    const test = await createApiKey(trx, organization.id, { name: 'Default test key', mode: 'test', at });
    const live = await createApiKey(trx, organization.id, { name: 'Default live key', mode: 'live', at });
    return { organization, test, live };
  });
}
