import os from 'node:os';
import path from 'node:path';
import { packagePath } from './runtime/layout.ts';

export type AppEnv = 'development' | 'test' | 'production';

export interface RateLimitRule {
  /** Bucket ceiling: the most requests allowed in a burst. */
  burst: number;
  /** Tokens added per second. */
  perSecond: number;
}

export interface Config {
  appEnv: AppEnv;
  host: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  /** Unset means the embedded PostgreSQL (PGlite) under `dataDir`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Base64 of 32 bytes; outside production one is generated into `dataDir` when unset. */
  masterKey: string | undefined;
  /** Retired master keys (base64, comma-separated in MASTER_KEY_PREVIOUS), still used to unwrap. */
  masterKeyPrevious: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  /** The operator token of the /v1/admin endpoints (catalog imports); unset turns them off. */
  adminToken: string | undefined;
  /** `POST /v1/organizations`; always off in production. */
  bootstrapEnabled: boolean;
  rateLimits: { read: RateLimitRule; write: RateLimitRule };
  /**
   * Load shedding (load-shedding.ts): the wait of the oldest request queued for the database or a
   * worker thread above which expensive requests are refused with 503 service.overloaded (five
   * times it: every /v1 request), and the requests in flight above which expensive requests are
   * (twice as many: every /v1 request). A queue wait of 0 turns shedding off.
   */
  loadShed: { queueWaitMs: number; inFlight: number };
  /** Worker threads for CPU-heavy work (PDF rendering, large seals); default the machine's parallelism. */
  workerThreads: number;
  /** Worker threads one organization's tasks may hold at once; default all but one (at least one). */
  workerThreadsPerOrganization: number;
  /** Whether `serve` also runs the job worker in the same process. */
  runWorker: boolean;
  /** Graceful stop (serve.ts): how long to keep serving once not ready, and how long to wait for work in flight. */
  shutdown: { delayMs: number; timeoutMs: number };
  workerPollMs: number;
  /** Where the SAT/PAC simulator runs: started in-process (`embedded`) or an external one. */
  simulator: {
    url: string | undefined;
    port: number;
    publicUrl: string | undefined;
    /** Bulk download settings of the embedded simulator, from `SIMULATOR_DESCARGA_<SETTING>` (docs/simulator.md). */
    descarga: Record<string, number>;
  };
  /** How synchronization schedules its SAT requests (docs/guides/sync.md). */
  sync: {
    tickMs: number;
    /** SAT requests of synchronization in flight at once, over every profile, and per profile. */
    maxRunning: number;
    perProfile: number;
    /** Hours a CFDI may take to be published for bulk download after it is stamped (the SAT says 24–72). */
    publicationLagHours: number;
    /** Without watermark progress for this long while work is outstanding, a sync is `stalled`. */
    stallAfterMs: number;
    /** How often recent months are asked again through metadata (cancellations). */
    recheckEveryMs: number;
  };
  /** How downloads poll the SAT (docs/guides/downloads.md). */
  downloads: {
    /** First wait between verifications; it doubles up to `pollMaxMs`. */
    pollBaseMs: number;
    pollMaxMs: number;
    /** How long a SAT request may stay unfinished before its download fails with download.poll_timeout. */
    pollWindowMs: number;
  };
  /**
   * Which proxies' forwarding headers count (TRUST_PROXY): off (`false`), a number of proxy hops
   * in front of the server, or the proxies' addresses (CIDR allowed). `TRUST_PROXY=true` is one
   * hop. The client address (sign-in and sign-up limits) is the right-most `X-Forwarded-For`
   * entry no trusted proxy wrote, and `X-Forwarded-Proto` says whether a request came over HTTPS.
   */
  trustProxy: false | number | string;
  /**
   * Prometheus metrics (`GET /metrics`), off unless one of these is set: `token` serves them on the
   * API's port to a bearer of it; `port` serves them on a listener of their own at `host`, without
   * a token (docs/guides/operations.md, "Metrics").
   */
  metrics: {
    token: string | undefined;
    port: number | undefined;
    host: string;
  };
  /**
   * Bounds of the caches an operator may want to change, in bytes by cache name (PDF_CACHE_MB for
   * `pdfs`, API_KEY_CACHE_MB for `api_keys`); a cache not named keeps its own default
   * (docs/guides/operations.md, "Caches").
   */
  cacheBytes: Record<string, number>;
  /** The dashboard's sessions and pages (docs/guides/dashboard.md). */
  dashboard: {
    /** A session unused for this long ends (DASHBOARD_SESSION_IDLE_MINUTES, default 12 h). */
    sessionIdleMs: number;
    /** A session ends this long after sign-in, used or not (DASHBOARD_SESSION_MAX_HOURS, default 7 days). */
    sessionMaxMs: number;
    /** The built front-end (DASHBOARD_ASSETS_DIR, default dist/dashboard in the repository). */
    assetsDir: string;
  };
  /** Outgoing e-mail (docs/guides/email.md). */
  mail: {
    /** smtp:// or smtps:// URL of the mail server (SMTP_URL); unset keeps messages in the mail catcher, or refuses to send in production. */
    smtpUrl: string | undefined;
    /** The From of every message (MAIL_FROM). */
    from: string;
    /** Messages the mail catcher keeps per organization, newest first (MAIL_CATCHER_KEEP, default 200). */
    catcherKeep: number;
  };
  /** Live-mode providers; unset URLs mean the simulator (refused in production). */
  live: {
    pacUrl: string | undefined;
    pacManifestUrl: string | undefined;
    pacUsername: string | undefined;
    pacPassword: string | undefined;
    pacSnid: string | undefined;
    pacTimeoutMs: number;
    satStatusUrl: string | undefined;
    /** The SAT's certificate repository (timbre verification of live validations). */
    satCertificatesUrl: string | undefined;
    /** One base address for the four bulk download services (the SAT's own addresses when unset with a live PAC). */
    satDescargaUrl: string | undefined;
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  }
  return Number(raw);
}

/** The caches whose bound the environment sets: a cache's name and the variable, in MiB. */
const CACHE_SETTINGS = [
  ['pdfs', 'PDF_CACHE_MB'],
  ['api_keys', 'API_KEY_CACHE_MB'],
] as const;

function cacheBytes(env: Env): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const [name, variable] of CACHE_SETTINGS) {
    if (env[variable] !== undefined && env[variable] !== '') bytes[name] = integer(env, variable, 0, 1) * 1024 * 1024;
  }
  return bytes;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function appEnvOf(raw: string | undefined): AppEnv {
  const value = raw ?? 'development';
  if (value === 'development' || value === 'test' || value === 'production') return value;
  throw new ConfigError(`APP_ENV must be development, test or production, got "${value}"`);
}

function optionalUrl(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function liveProviders(env: Env, appEnv: AppEnv): Config['live'] {
  const live = {
    pacUrl: optionalUrl(env, 'PAC_LIVE_URL'),
    pacManifestUrl: optionalUrl(env, 'PAC_MANIFEST_URL'),
    pacUsername: env.PAC_USERNAME || undefined,
    pacPassword: env.PAC_PASSWORD || undefined,
    pacSnid: env.PAC_SNID || undefined,
    pacTimeoutMs: integer(env, 'PAC_TIMEOUT_MS', 30_000, 1000),
    satStatusUrl: optionalUrl(env, 'SAT_STATUS_URL'),
    satCertificatesUrl: optionalUrl(env, 'SAT_CERTIFICATES_URL'),
    satDescargaUrl: optionalUrl(env, 'SAT_DESCARGA_URL'),
  };
  // docs/contract.md §1: production never stamps live CFDIs through the simulator.
  if (appEnv === 'production' && (!live.pacUrl || !live.pacUsername || !live.pacPassword)) {
    throw new ConfigError('PAC_LIVE_URL, PAC_USERNAME and PAC_PASSWORD are required in production');
  }
  if (live.pacUrl && (!live.pacUsername || !live.pacPassword)) {
    throw new ConfigError('PAC_USERNAME and PAC_PASSWORD are required with PAC_LIVE_URL');
  }
  return live;
}

/**
 * `true` means one proxy, not every hop: a proxy appends the address it saw to whatever
 * `X-Forwarded-For` the client sent, so only the right-most entry is its word, and trusting every
 * hop would take the client's own (left-most, made-up) entry as its address.
 */
function trustProxy(env: Env): false | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '') return false;
  if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  if (/^(true|false)$/i.test(raw)) return flag(env, 'TRUST_PROXY', false) ? 1 : false;
  if (!/^[0-9a-f.:/,\s]+$/i.test(raw))
    throw new ConfigError(`TRUST_PROXY must be true, false, a number of hops or addresses (CIDR) separated by commas, got "${raw}"`);
  return raw;
}

/** The shortest METRICS_TOKEN accepted: it guards the process's internals on the public port. */
const METRICS_TOKEN_MIN_LENGTH = 16;

function metricsSettings(env: Env, port: number): Config['metrics'] {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces`);
  }
  const rawPort = env.METRICS_PORT;
  const metricsPort = rawPort === undefined || rawPort === '' ? undefined : integer(env, 'METRICS_PORT', 0);
  if (metricsPort !== undefined && metricsPort > 65535) throw new ConfigError(`METRICS_PORT must be at most 65535, got ${metricsPort}`);
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port)
    throw new ConfigError('METRICS_PORT must differ from PORT: the metrics listener is a port of its own');
  return { token, port: metricsPort, host: env.METRICS_HOST || '127.0.0.1' };
}

const DEFAULT_DASHBOARD_ASSETS = packagePath('dist/dashboard/');

const SIMULATOR_DESCARGA_PREFIX = 'SIMULATOR_DESCARGA_';

/** `SIMULATOR_DESCARGA_PROCESSING_SECONDS=8` → `{ processingSeconds: 8 }`; the simulator checks the names. */
function simulatorDescarga(env: Env): Record<string, number> {
  const settings: Record<string, number> = {};
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(SIMULATOR_DESCARGA_PREFIX) || raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name} must be a number ≥ 0, got "${raw}"`);
    const key = name
      .slice(SIMULATOR_DESCARGA_PREFIX.length)
      .toLowerCase()
      .replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    settings[key] = value;
  }
  return settings;
}

function smtpUrl(env: Env): string | undefined {
  const raw = env.SMTP_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

/** Parses the environment once, at start; everything else receives the result. */
function adminToken(env: Env): string | undefined {
  const token = env.ADMIN_TOKEN || undefined;
  if (token !== undefined && token.length < 32) throw new ConfigError('ADMIN_TOKEN must be at least 32 characters (e.g. openssl rand -hex 32)');
  return token;
}

export function loadConfig(env: Env = process.env): Config {
  const appEnv = appEnvOf(env.APP_ENV);
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 3000);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const baseUrl = (env.BASE_URL || `http://${publicHost}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new ConfigError(`BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const masterKey = env.MASTER_KEY || undefined;
  if (appEnv === 'production' && !masterKey) throw new ConfigError('MASTER_KEY is required in production');
  if (masterKey && Buffer.from(masterKey, 'base64').length !== 32) {
    throw new ConfigError('MASTER_KEY must be 32 bytes encoded in base64');
  }
  return {
    appEnv,
    host,
    port,
    baseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    masterKey,
    masterKeyPrevious: env.MASTER_KEY_PREVIOUS || undefined,
    logLevel: env.LOG_LEVEL || (appEnv === 'test' ? 'silent' : 'info'),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024),
    adminToken: adminToken(env),
    bootstrapEnabled: appEnv !== 'production' && flag(env, 'ORG_BOOTSTRAP', true),
    rateLimits: {
      read: {
        burst: integer(env, 'RATE_LIMIT_READ_BURST', 200, 1),
        perSecond: integer(env, 'RATE_LIMIT_READ_PER_SECOND', 100, 1),
      },
      write: {
        burst: integer(env, 'RATE_LIMIT_WRITE_BURST', 100, 1),
        perSecond: integer(env, 'RATE_LIMIT_WRITE_PER_SECOND', 50, 1),
      },
    },
    // Off by default in tests: a loaded CI machine must not turn a test's request into a 503.
    loadShed: {
      queueWaitMs: integer(env, 'LOAD_SHED_QUEUE_MS', appEnv === 'test' ? 0 : 1_000, 0),
      inFlight: integer(env, 'LOAD_SHED_IN_FLIGHT', 512, 1),
    },
    workerThreads: integer(env, 'WORKER_THREADS', os.availableParallelism(), 1),
    workerThreadsPerOrganization: integer(
      env,
      'WORKER_THREADS_PER_ORGANIZATION',
      Math.max(1, integer(env, 'WORKER_THREADS', os.availableParallelism(), 1) - 1),
      1,
    ),
    runWorker: flag(env, 'RUN_WORKER', true),
    shutdown: {
      delayMs: integer(env, 'SHUTDOWN_DELAY_MS', appEnv === 'production' ? 5_000 : 0, 0),
      timeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 1),
    },
    workerPollMs: integer(env, 'WORKER_POLL_MS', 1000, 10),
    simulator: {
      url: optionalUrl(env, 'SIMULATOR_URL'),
      port: integer(env, 'SIMULATOR_PORT', 0),
      publicUrl: optionalUrl(env, 'SIMULATOR_PUBLIC_URL'),
      descarga: simulatorDescarga(env),
    },
    sync: {
      tickMs: integer(env, 'SYNC_TICK_MS', 10_000, 100),
      maxRunning: integer(env, 'SYNC_MAX_RUNNING', 8, 1),
      perProfile: integer(env, 'SYNC_PER_PROFILE', 2, 1),
      publicationLagHours: integer(env, 'SYNC_PUBLICATION_LAG_HOURS', 72, 0),
      stallAfterMs: integer(env, 'SYNC_STALL_HOURS', 24, 1) * 60 * 60_000,
      recheckEveryMs: integer(env, 'SYNC_RECHECK_HOURS', 24, 1) * 60 * 60_000,
    },
    downloads: {
      pollBaseMs: integer(env, 'DOWNLOAD_POLL_BASE_MS', 2_000, 10),
      pollMaxMs: integer(env, 'DOWNLOAD_POLL_MAX_MS', 2 * 60 * 60_000, 10),
      pollWindowMs: integer(env, 'DOWNLOAD_POLL_WINDOW_HOURS', 7 * 24, 1) * 60 * 60_000,
    },
    trustProxy: trustProxy(env),
    metrics: metricsSettings(env, port),
    cacheBytes: cacheBytes(env),
    dashboard: {
      sessionIdleMs: integer(env, 'DASHBOARD_SESSION_IDLE_MINUTES', 12 * 60, 1) * 60_000,
      sessionMaxMs: integer(env, 'DASHBOARD_SESSION_MAX_HOURS', 7 * 24, 1) * 60 * 60_000,
      assetsDir: path.resolve(env.DASHBOARD_ASSETS_DIR || DEFAULT_DASHBOARD_ASSETS),
    },
    mail: {
      smtpUrl: smtpUrl(env),
      from: env.MAIL_FROM || 'Facturación <facturacion@localhost>',
      catcherKeep: integer(env, 'MAIL_CATCHER_KEEP', 200, 1),
    },
    live: liveProviders(env, appEnv),
  };
}
