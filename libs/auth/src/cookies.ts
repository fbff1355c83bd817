/**
 * Session cookies mirroring the tokens (docs/spec.md §9: `saber-access-token`, `saber-refresh-token`), path `/`,
 * `SameSite=Strict`, `Secure` on https. They tell the guard that a login exists (upstream semantics).
 */
import { getWebsite } from './website';

export const accessTokenCookie = (): string => `${getWebsite().key}-access-token`;
export const refreshTokenCookie = (): string => `${getWebsite().key}-refresh-token`;

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

export function setCookie(name: string, value: string): void {
  if (!hasDocument()) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Strict${secure}`;
}

export function getCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  const wanted = encodeURIComponent(name);
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === wanted) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function removeCookie(name: string): void {
  if (!hasDocument()) return;
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Strict; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
