/**
 * Changes made by other processes, for what a process keeps in memory (API keys, fiscal profile
 * views). Triggers in the database announce each change to a cached table with
 * `pg_notify('invoicing_changes', '<topic>:<id>')` (migrations/0019_change_notifications.sql);
 * PostgreSQL delivers a notification when its transaction commits, to every session listening on
 * the channel, so whoever wrote the row (this process, another node, an operator's command) is
 * heard the same way, and a rolled-back change is never announced.
 *
 * A cache may serve from memory only while the feed is `live`: while the listening connection is
 * down, notifications may be missed, so every cache is told to drop everything (`onReset`) when the
 * connection is lost and again once it listens anew, and serves nothing from memory in between.
 */
import pg from 'pg';

/** The one channel every change is announced on. */
const CHANGES_CHANNEL = 'invoicing_changes';
/** How long the feed waits before listening again after its connection was lost. */
const RECONNECT_MS = 500;

/** Why caches must drop everything: the connection was lost (with its error) or listens again. */
export type ResetReason = { lost: true; error: unknown } | { lost: false };

export interface ChangeFeed {
  /** True while every change made by another process is heard; caches serve from memory only then. */
  readonly live: boolean;
  /** Calls `listener` with the id of each changed row of `topic` (a table's name). */
  subscribe(topic: string, listener: (id: string) => void): void;
  /** Calls `listener` whenever changes may have been missed: everything cached must go. */
  onReset(listener: (reason: ResetReason) => void): void;
  close(): Promise<void>;
}

/**
 * The embedded database's feed: its process is the database's only user, so every change goes
 * through code that drops its own cache entries, and there is nothing to hear.
 */
export function localChangeFeed(): ChangeFeed {
  return { live: true, subscribe: () => {}, onReset: () => {}, close: async () => {} };
}

/**
 * A PostgreSQL session of its own that LISTENs on the channel, opened on the first subscription
 * (commands that cache nothing never open it) and opened again whenever it breaks.
 */
export function postgresChangeFeed(url: string): ChangeFeed {
  const listeners = new Map<string, Array<(id: string) => void>>();
  const resets: Array<(reason: ResetReason) => void> = [];
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let started = false;
  let retry: NodeJS.Timeout | undefined;

  const reset = (reason: ResetReason) => {
    for (const listener of resets) listener(reason);
  };
  const lost = (error: unknown) => {
    const wasLive = live;
    live = false;
    client = undefined;
    if (closed) return;
    // Said once per loss, not once per attempt while the server stays away.
    if (wasLive) reset({ lost: true, error });
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };
  const connect = () => {
    retry = undefined;
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, keepAlive: true });
    client = next;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      next.end().catch(() => {});
      if (client === next) lost(error);
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('the connection that listens for changes ended')));
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const separator = message.payload.indexOf(':');
      if (separator < 0) return;
      const topic = message.payload.slice(0, separator);
      const id = message.payload.slice(separator + 1);
      for (const listener of listeners.get(topic) ?? []) listener(id);
    });
    next
      .connect()
      .then(() => {
        // Listening never keeps a process alive by itself: its pool and its server do.
        (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
        return next.query(`LISTEN ${CHANGES_CHANNEL}`);
      })
      .then(() => {
        if (closed || failed) return;
        // Whatever was cached before this connection listened may have changed unheard.
        reset({ lost: false });
        live = true;
      })
      .catch(fail);
  };

  return {
    get live() {
      return live;
    },
    subscribe(topic, listener) {
      const list = listeners.get(topic) ?? [];
      list.push(listener);
      listeners.set(topic, list);
      if (!started) {
        started = true;
        connect();
      }
    },
    onReset(listener) {
      resets.push(listener);
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
