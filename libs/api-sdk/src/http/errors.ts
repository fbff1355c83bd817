// The error every rejection of `apiFetch` carries (`ApiError`) and its kinds.

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout';

/** Every rejection of `apiFetch` (except a caller's own abort) is an `ApiError`. */
export class ApiError<TBody = unknown> extends Error {
  override readonly name = 'ApiError';
  /** Business code: `body.code`, else the HTTP status; 0 for network errors and timeouts. */
  readonly code: number;
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Parsed response body, when there was one. */
  readonly body: TBody | undefined;
  readonly kind: ApiErrorKind;

  constructor(code: number, message: string, status: number, body?: TBody, kind: ApiErrorKind = 'business') {
    super(message);
    this.code = code;
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
