/**
 * MSW handlers generated from the contract's examples (`@smart/api-sdk/mocks`), plus small helpers to override
 * single calls in tests and stories. Works with `setupServer` (msw/node) and `setupWorker` (msw/browser).
 */
import { HttpResponse } from 'msw';
import type { RequestHandler } from 'msw';
import { getAllGeneratedMocks } from './gen/mocks';

export * from './gen/mocks';

/**
 * All generated handlers, with `overrides` placed first (MSW uses the first handler that matches a request, so an
 * override such as `getParamListMockHandler({...})` wins over the generated default).
 */
export function createMockHandlers(overrides: readonly RequestHandler[] = []): RequestHandler[] {
  return [...overrides, ...getAllGeneratedMocks()];
}

/** A success envelope `{code: 200, success: true, msg, data}`. */
export function envelope<T>(data: T, msg = '操作成功'): { code: 200; success: true; msg: string; data: T } {
  return { code: 200, success: true, msg, data };
}

/** A JSON response carrying a failed envelope `{code, success: false, msg, data: null}`. */
export function errorResponse(code: number, msg: string, httpStatus: number = code): Response {
  return HttpResponse.json({ code, success: false, msg, data: null }, { status: httpStatus });
}
