/**
 * Feishu's failures as one error type (docs/automation-domain.md §3.3): every answer is `{code, msg, data}` with
 * code 0 = ok, whatever the HTTP status. The codes the client acts on are named here; the rest are reported as
 * Feishu gives them, so an operator reads Feishu's own message (the operations answer 400 with it).
 */

/** Codes of the open platform the client and the sandbox share. */
export const FEISHU_CODES = {
  ok: 0,
  /** The app id or secret is wrong (token endpoint). */
  appSecretInvalid: 10014,
  /** No `Authorization` header. */
  tokenMissing: 99991661,
  /** An unknown or revoked tenant_access_token. */
  tokenInvalid: 99991663,
  /** A token of the wrong kind or malformed. */
  tokenInvalidOther: 99991668,
  /** Too many requests: back off and retry. */
  rateLimited: 99991400,
  /** A field of the request is invalid. */
  badRequest: 99992402,
  /** Sheets (`90xxx`): the range is malformed, no permission, no such spreadsheet, no such sheet. */
  wrongRange: 90202,
  sheetForbidden: 90213,
  spreadsheetNotFound: 90214,
  sheetIdNotFound: 90215,
  /** Bitable (`1254xxx`): no such base, no such table. */
  baseNotFound: 1254040,
  tableNotFound: 1254041,
  /** Custom bots (`190xx`): a bad signature or a stale timestamp; a message without the bot's keyword. */
  botSignInvalid: 19021,
  botKeywordMissing: 19024,
} as const;

/** Token errors after which the client asks for a new tenant_access_token, once. */
export const TOKEN_ERRORS: ReadonlySet<number> = new Set([
  FEISHU_CODES.tokenMissing,
  FEISHU_CODES.tokenInvalid,
  FEISHU_CODES.tokenInvalidOther,
]);

export type FeishuErrorKind = 'api' | 'auth' | 'rate-limit' | 'timeout' | 'network' | 'protocol';

export class FeishuError extends Error {
  /** Feishu's `code` (0 when Feishu was not reached or did not answer its envelope). */
  readonly code: number;
  readonly httpStatus: number;
  readonly kind: FeishuErrorKind;

  constructor(o: { code: number; httpStatus: number; msg: string; kind: FeishuErrorKind }) {
    super(o.msg);
    this.name = 'FeishuError';
    this.code = o.code;
    this.httpStatus = o.httpStatus;
    this.kind = o.kind;
  }
}
