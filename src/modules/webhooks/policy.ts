import { performance } from 'node:perf_hooks';
import { stringBytes, type CacheBound } from '../../platform/caches/bounded-cache.ts';
import type { CacheRegistry } from '../../platform/caches/registry.ts';
import type { Config } from '../../platform/config.ts';
import type { MasterKeyring } from '../../platform/crypto/index.ts';
import { systemResolver, type ResolvedAddress, type Resolver, type UrlPolicy } from './url-guard.ts';

export interface WebhookRouteOptions {
  /** Seals the signing secrets (docs/decisions.md, envelope encryption); default: the configured one. */
  keyring?: MasterKeyring;
  /** DNS for the URL checks (tests answer from a table). */
  resolver?: Resolver;
}

/** docs/contract.md §1: production refuses plain http and loopback hosts; elsewhere both help local testing. */
export function policyFor(config: Pick<Config, 'appEnv'>, resolver: Resolver = systemResolver): UrlPolicy {
  return { production: config.appEnv === 'production', resolve: resolver };
}

interface CachedAnswer {
  expiresAt: number;
  answer: Promise<ResolvedAddress[]>;
}

/** DNS answers of webhook hosts: a host name and a few addresses each, about half a kilobyte. */
const DNS_ANSWERS: CacheBound<CachedAnswer> = { name: 'webhook_dns', maxBytes: 2 * 1024 * 1024, sizeOf: (_, hostname) => 512 + stringBytes(hostname) };

/**
 * Remembers answers for `ttlMs` so that a burst of deliveries to one host costs one lookup. Only
 * the answer is cached: every delivery still checks the addresses and connects to the one it
 * checked. Failed lookups are not remembered.
 */
export function cachingResolver(resolver: Resolver, caches: CacheRegistry, ttlMs = 1000): Resolver {
  if (ttlMs <= 0) return resolver;
  const cache = caches.cache(DNS_ANSWERS);
  return (hostname) => {
    const now = performance.now();
    const cached = cache.get(hostname);
    if (cached && cached.expiresAt > now) return cached.answer;
    const answer = resolver(hostname);
    cache.set(hostname, { expiresAt: now + ttlMs, answer });
    answer.catch(() => cache.delete(hostname));
    return answer;
  };
}
