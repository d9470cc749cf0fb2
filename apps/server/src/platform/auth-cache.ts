/**
 * The token and permission cache: every call checks its token, and
 * admin calls their permission tags; both come from here for a few seconds instead of the
 * database. An entry never outlives its token, the map is bounded (least recently filled go
 * first), and every change to what it holds goes through `authChanged`, which drops the entries
 * here and, with Redis, on every other instance (one pub/sub channel). A lost message is bounded
 * by the TTL (AUTH_CACHE_SECONDS, 60 s by default); a Redis reconnect drops everything (messages may have been missed meanwhile).
 */
import type { FastifyInstance } from 'fastify';
import { InvalidationChannel, installInvalidationChannel } from './invalidation-channel.js';

export const AUTH_CHANNEL = 'auth-invalidate';

/** What changed: tokens (by hash), users (their tokens and permissions), or anything (roles, menus, departments). */
export interface AuthChange {
  tokens?: readonly string[];
  users?: readonly string[];
  all?: boolean;
}

export interface CacheSettings {
  /** How long an entry is trusted at most (the staleness bound when an invalidation is lost). */
  ttlMs: number;
  /** Entries kept at most, per map. */
  maxEntries: number;
}

export const DEFAULT_CACHE_SETTINGS: CacheSettings = { ttlMs: 5000, maxEntries: 50_000 };

interface Entry<T> {
  value: T;
  userId: string;
  until: number;
}

/** Token facts and permission tags, each for `ttlMs` at most; `T` is what the verifier keeps of a token. */
export class AuthCache<T = unknown> {
  private readonly tokens = new Map<string, Entry<T>>();
  private readonly permissions = new Map<string, Entry<readonly string[]>>();
  /** Bumped by every invalidation: a fill that read the database before it is not kept. */
  private generation = 0;
  /**
   * The other instances' changes. A reconnect drops everything (changes published meanwhile never
   * came), and so does a message that cannot be read.
   */
  readonly channel = new InvalidationChannel<AuthChange>(
    AUTH_CHANNEL,
    (m) =>
      this.apply(
        m === null
          ? { all: true }
          : {
              all: m.all === true,
              tokens: Array.isArray(m.tokens) ? m.tokens.map(String) : [],
              users: Array.isArray(m.users) ? m.users.map(String) : [],
            },
      ),
    () => this.apply({ all: true }),
  );
  readonly settings: CacheSettings;

  constructor(
    settings: Partial<CacheSettings> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.settings = { ...DEFAULT_CACHE_SETTINGS, ...settings };
  }

  /** The mark to hand back to `setToken`/`setPermissions`: take it before reading the database. */
  mark(): number {
    return this.generation;
  }

  getToken(hash: string): T | undefined {
    return this.live(this.tokens, hash);
  }

  /** Keeps a token's facts until `expiresAt` (the token's own end) or the TTL, whichever is first. */
  setToken(hash: string, userId: string, value: T, expiresAt: number, mark: number): void {
    this.put(this.tokens, hash, { value, userId, until: Math.min(expiresAt, this.now() + this.settings.ttlMs) }, mark);
  }

  getPermissions(userId: string): readonly string[] | undefined {
    return this.live(this.permissions, userId);
  }

  setPermissions(userId: string, tags: readonly string[], mark: number): void {
    this.put(this.permissions, userId, { value: tags, userId, until: this.now() + this.settings.ttlMs }, mark);
  }

  get size(): { tokens: number; permissions: number } {
    return { tokens: this.tokens.size, permissions: this.permissions.size };
  }

  /** Drops what the change touches on this instance only. */
  apply(change: AuthChange): void {
    this.generation++;
    if (change.all) {
      this.tokens.clear();
      this.permissions.clear();
      return;
    }
    for (const hash of change.tokens ?? []) this.tokens.delete(hash);
    const users = new Set(change.users ?? []);
    if (users.size === 0) return;
    for (const id of users) this.permissions.delete(id);
    // Rare (an administrator's change): a scan is cheaper than an index kept on every fill.
    for (const [hash, entry] of this.tokens) if (users.has(entry.userId)) this.tokens.delete(hash);
  }

  /**
   * Drops what the change touches here and, with Redis, on every instance. Never throws: a lost
   * Redis leaves the other instances stale for the TTL at most.
   */
  async changed(change: AuthChange): Promise<void> {
    this.apply(change);
    await this.channel.publish(change);
  }

  private live<V>(map: Map<string, Entry<V>>, key: string): V | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      map.delete(key);
      return undefined;
    }
    return entry.value;
  }

  private put<V>(map: Map<string, Entry<V>>, key: string, entry: Entry<V>, mark: number): void {
    if (mark !== this.generation || entry.until <= this.now()) return;
    map.delete(key); // re-inserted last: the map's order is fill order
    map.set(key, entry);
    while (map.size > this.settings.maxEntries) map.delete(map.keys().next().value as string);
  }
}

/** The cache of this process (one per process, as the realtime hub). */
export const authCache = new AuthCache();

/**
 * The one way to say that tokens, users, roles, role menus, menus or departments changed: call it
 * after the change is committed (a request between the change and the commit could otherwise
 * fill the cache with the old state again).
 */
export const authChanged = (change: AuthChange): Promise<void> => authCache.changed(change);

/** With Redis, listens for the other instances' changes while the app runs. */
export function installAuthCache(app: FastifyInstance, cache: AuthCache = authCache): void {
  cache.settings.ttlMs = app.deps.config.authCacheMs;
  installInvalidationChannel(app, cache.channel, 'auth cache');
}
