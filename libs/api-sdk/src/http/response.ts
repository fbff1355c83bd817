// What a call receives: the body read by response type, the code and message judged from it, and the envelope
// unwrapped to its `data` (at run time and in the types).
import { getHttpConfig } from './config';

/** An envelope `{code, …, data}` unwraps to its `data`; any other (raw) body stays as is. */
export type Unwrap<T> = T extends { code: number; data: infer D }
  ? D
  : T extends { code: number; success: boolean; data?: infer D }
    ? D | undefined
    : T;

type BodyRecord = Record<string, unknown>;

export function asRecord(body: unknown): BodyRecord | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as BodyRecord) : undefined;
}

export function readCode(body: unknown, httpStatus: number): number {
  const raw = asRecord(body)?.['code'];
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && /^\d+$/.test(raw)) return Number(raw);
  return httpStatus;
}

export function readMessage(body: unknown): string {
  const record = asRecord(body);
  const msg = record?.['msg'];
  if (typeof msg === 'string' && msg) return getHttpConfig().translateMessage(msg);
  const description = record?.['error_description'];
  if (typeof description === 'string' && description) return getHttpConfig().translateMessage(description);
  return getHttpConfig().unknownErrorMessage();
}

/** `{code, data}` (or `{code, success}`) is an envelope; anything else is a raw body. */
export function unwrapBody(body: unknown): unknown {
  const record = asRecord(body);
  if (
    record &&
    typeof record['code'] === 'number' &&
    ('data' in record || typeof record['success'] === 'boolean')
  ) {
    return record['data'];
  }
  return body;
}

export async function readBody(res: Response, responseType: 'json' | 'text' | 'blob'): Promise<unknown> {
  if (responseType === 'blob' && res.status === 200) return res.blob();
  const text = await res.text();
  if (responseType === 'text' && res.status === 200) return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
