import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';

// Straight calls to the reference server, for what a test sets up or reads back beside the console.

export const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const TENANT = '000000';
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A token for `account` from the token endpoint, as the console asks for it (md5 of the password). */
export async function tokenFor(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<string> {
  const query = new URLSearchParams({
    grant_type: 'password',
    username: account,
    password: md5(password),
    scope: 'all',
    tenantId: TENANT,
    type: 'account',
  });
  const response = await request.post(`/api/smart-auth/oauth/token?${query.toString()}`, {
    headers: { Authorization: CLIENT, 'Tenant-Id': TENANT },
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  expect(body.access_token, body.error_description).toBeTruthy();
  return body.access_token!;
}

/** Calls the server with `token` (and a JSON body, if given); answers the envelope's data, insisting on code 200. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/${path}`, {
    method,
    headers: { Authorization: CLIENT, 'Smart-Auth': `bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { code: number; data: T; msg: string };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}

/** The console's own access token (the session cookie), for reading what the page should show. */
export async function consoleToken(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'saber-access-token')?.value ?? '';
  expect(token).not.toBe('');
  return token;
}
