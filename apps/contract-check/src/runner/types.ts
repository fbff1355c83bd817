// The shapes of a run: its options, and the report of every operation with its checks.
import type { Kind } from '../classify';
import type { PeerCredentials } from '../isolation';
import type { OpenApiDocument } from '../spec';

export interface Check {
  name: string;
  ok: boolean;
  reason?: string | undefined;
  ms: number;
}

export type OpStatus = 'implemented' | 'not-implemented' | 'skipped';

export interface OpReport {
  operationId: string;
  tag: string;
  method: string;
  path: string;
  kind: Kind;
  status: OpStatus;
  /** why it is skipped / how it was exercised */
  note?: string | undefined;
  checks: Check[];
}

export interface RunReport {
  baseUrl: string;
  ops: OpReport[];
  requests: number;
  durationMs: number;
}

export interface RunOptions {
  doc: OpenApiDocument;
  baseUrl: string;
  tenant: string;
  /** The account and its password (password grant); optional with `token`, which the auth checks then skip. */
  account?: string | undefined;
  password?: string | undefined;
  /** An access token obtained elsewhere (a server without the password grant): used instead of logging in. */
  token?: string | undefined;
  /** `id:secret` of the OAuth client */
  client: string;
  /** only these tags (modules) */
  only?: string[] | undefined;
  timeoutMs?: number | undefined;
  concurrency?: number | undefined;
  /** a second account in another tenant: every created tenant-owned row is attacked with its session */
  peer?: PeerCredentials | undefined;
  /** progress output (one line per resource) */
  log?: ((line: string) => void) | undefined;
}
