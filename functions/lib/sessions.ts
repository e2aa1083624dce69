import { keys } from './keys';
import type { Table } from './ports';

/**
 * Revoked sessions, checked on every authenticated request. Cognito's GlobalSignOut and RevokeToken
 * end refreshes, but the access tokens already handed out stay valid for the API Gateway authorizer
 * until they expire (an hour). So the API keeps, per user, a cut-off (tokens issued before it are
 * refused: sign-out everywhere, password reset) and the sign-ins ended one by one (logout), keyed by
 * `origin_jti` — shared by every token of one sign-in, refreshed ones included — until their tokens
 * expire. The same record is used locally and in the cloud.
 */
export interface SessionRecord {
  /** Epoch seconds: tokens issued (`iat`) before this are refused. */
  valid_after?: number;
  /** origin_jti → epoch seconds at which that sign-in's last access token expires. */
  ended?: Record<string, number>;
  version?: number;
}

/** The claims this needs, as API Gateway passes them (strings) or as the local gateway does. */
export type SessionClaims = Record<string, unknown>;

const seconds = (value: unknown) => Number(value);
const sessionOf = (claims: SessionClaims) => String(claims.origin_jti ?? claims.jti ?? '');

/** True when the token belongs to a session that was ended. */
export function isEnded(record: SessionRecord | null, claims: SessionClaims): boolean {
  if (!record) return false;
  const issuedAt = seconds(claims.iat);
  if (record.valid_after !== undefined && !(issuedAt >= record.valid_after)) return true;
  const session = sessionOf(claims);
  return session !== '' && record.ended?.[session] !== undefined;
}

export function createSessions(table: Table) {
  const read = (userId: string) => table.get<SessionRecord>(keys.sessions(userId));

  /** Writes the record changed by `change`, retrying when another write came first. */
  async function change(userId: string, apply: (record: SessionRecord) => SessionRecord) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await read(userId);
      const next = apply(current ?? {});
      const version = (current?.version ?? 0) + 1;
      const written = await table.put(
        { ...keys.sessions(userId), ...next, version },
        current ? { equals: { version: current.version ?? 0 } } : { exists: false },
      );
      if (written) return { ...next, version };
    }
    throw new Error('Could not record the ended session');
  }

  return {
    read,
    async isEnded(claims: SessionClaims): Promise<boolean> {
      return isEnded(await read(String(claims.sub)), claims);
    },

    /**
     * Ends every session: tokens issued before the next whole second are refused (tokens carry
     * whole seconds, so a token of this very second could be an old one). Answers the cut-off.
     */
    async endAll(userId: string, nowMs: number): Promise<number> {
      const validAfter = Math.floor(nowMs / 1000) + 1;
      await change(userId, (record) => ({
        ...record,
        valid_after: Math.max(record.valid_after ?? 0, validAfter),
        ended: pruned(record.ended, nowMs),
      }));
      return validAfter;
    },

    /** Ends the session a token belongs to, until that session's tokens expire. */
    async end(claims: SessionClaims, nowMs: number): Promise<void> {
      const session = sessionOf(claims);
      if (!session) return;
      const expires = Math.max(seconds(claims.exp) || 0, Math.floor(nowMs / 1000) + 3600);
      await change(String(claims.sub), (record) => ({
        ...record,
        ended: { ...pruned(record.ended, nowMs), [session]: expires },
      }));
    },
  };
}

/** Sessions whose tokens have all expired need no entry any more. */
function pruned(ended: Record<string, number> | undefined, nowMs: number): Record<string, number> {
  const now = Math.floor(nowMs / 1000);
  return Object.fromEntries(Object.entries(ended ?? {}).filter(([, expires]) => expires > now));
}
