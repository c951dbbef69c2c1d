/** What authentication needs of a live session and its member. */
export interface LiveSession {
  id: string;
  memberId: string;
  merchantCode: string;
  type: number;
  locked: boolean;
}

/** How long a live session is kept here at most: the bound on what a lost invalidation could leave stale. */
export const LIVE_SESSION_TTL_MS = 5_000;
/** Sessions kept here at most; past this the oldest stored is forgotten first. */
const LIVE_SESSION_MAX = 50_000;

interface Entry {
  session: LiveSession;
  until: number;
}

/**
 * The live sessions this process has read, by token hash (decision 0149). Authentication reads a session here
 * before it asks the database. An entry is kept until the earliest of: its lifetime, the session's own expiry,
 * and the time its idle clock is next due to be written, so the database still sees a touch a minute of use.
 *
 * `drop(memberId)` forgets every session of a member (null: all). Drops come from the session module at once
 * (logout, password change, operator lock) and from every instance through the cache channel, which database
 * triggers also notify (a lock, a type change or a revocation made by any writer). A read begun before any drop is
 * not kept: `begin` returns a generation that `store` checks, so a session read just before its logout is never
 * stored after it.
 */
export const createLiveSessions = (options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) => {
  const ttlMs = options.ttlMs ?? LIVE_SESSION_TTL_MS;
  const maxEntries = options.maxEntries ?? LIVE_SESSION_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byMember = new Map<string, Set<string>>();
  let generation = 0;

  const forget = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = byMember.get(entry.session.memberId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) byMember.delete(entry.session.memberId);
  };

  return {
    /** The session of `tokenHash` if this process holds it and it is still within its time. */
    get: (tokenHash: string): LiveSession | null => {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (entry.until > now()) return entry.session;
      forget(tokenHash);
      return null;
    },

    /** The generation to hand to `store` for a read about to start. */
    begin: (): number => generation,

    /** Keeps a session read at `readGeneration` for at most `forMs` (never past the lifetime), unless dropped since. */
    store: (readGeneration: number, tokenHash: string, session: LiveSession, forMs: number) => {
      if (readGeneration !== generation) return;
      const keepMs = Math.min(ttlMs, forMs);
      if (!(keepMs > 0)) return;
      forget(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      entries.set(tokenHash, { session, until: now() + keepMs });
      const tokens = byMember.get(session.memberId);
      if (tokens) tokens.add(tokenHash);
      else byMember.set(session.memberId, new Set([tokenHash]));
    },

    /** Forgets every session of `memberId` (null: every session), and any read under way. */
    drop: (memberId: string | null) => {
      generation += 1;
      if (memberId === null) {
        entries.clear();
        byMember.clear();
        return;
      }
      for (const tokenHash of [...(byMember.get(memberId) ?? [])]) forget(tokenHash);
    },

    /** How many sessions are kept (tests). */
    size: () => entries.size,
  };
};

export type LiveSessions = ReturnType<typeof createLiveSessions>;
