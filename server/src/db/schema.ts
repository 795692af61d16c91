import type { Generated } from 'kysely';

/**
 * Row types of every table. Booleans are stored as 0/1 integers and timestamps as ISO-8601
 * UTC text in both dialects, so that one query code serves SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** Public identifier of a session (shown in the sessions list); never the token. */
  public_id: string;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}
