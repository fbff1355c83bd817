/** Website config (docs/spec.md §3 "Website config", §9; docs/console-behaviour.md §1). Override parts with `configureWebsite`. */

export interface TabMeta {
  i18n?: string;
  isTab?: boolean;
  isAuth?: boolean;
  [key: string]: unknown;
}

/** A tab of the tab strip (upstream `tag`): label, path, params, query, meta. */
export interface Tab {
  label: string;
  value: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  meta: TabMeta;
  group: string[];
  close: boolean;
}

export interface Website {
  title: string;
  /** Prefix of storage keys and cookie names. */
  key: string;
  tenantId: string;
  tokenHeader: string;
  /** Token age in seconds after which the access token is refreshed. */
  tokenTime: number;
  clientId: string;
  clientSecret: string;
  tenantMode: boolean;
  captchaMode: boolean;
  switchMode: boolean;
  /** When false the home tab cannot be closed. */
  isFirstPage: boolean;
  statusWhiteList: number[];
  /** The home tab. */
  firstPage: Tab;
  /** How often the refresh timer checks the token age. */
  refreshCheckMs: number;
  /** Delay between locking and the navigation to /lock. */
  lockDelayMs: number;
  defaultLanguage: 'zh' | 'en';
}

export const defaultWebsite: Readonly<Website> = Object.freeze({
  title: 'Smart Console',
  key: 'saber',
  tenantId: '000000',
  tokenHeader: 'Smart-Auth',
  tokenTime: 3000,
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: false,
  captchaMode: false,
  switchMode: false,
  isFirstPage: false,
  statusWhiteList: [],
  firstPage: {
    label: '首页',
    value: '/wel/index',
    params: {},
    query: {},
    meta: { i18n: 'dashboard' },
    group: [],
    close: false,
  },
  refreshCheckMs: 10_000,
  lockDelayMs: 100,
  defaultLanguage: 'zh',
});

let current: Website = structuredClone(defaultWebsite) as Website;

/** The active website config. */
export function getWebsite(): Readonly<Website> {
  return current;
}

/** Overrides parts of the website config (e.g. from an environment file). `firstPage` is merged too. */
export function configureWebsite(
  partial: Partial<Omit<Website, 'firstPage'>> & { firstPage?: Partial<Tab> },
): void {
  const { firstPage, ...rest } = partial;
  current = { ...current, ...rest, firstPage: { ...current.firstPage, ...firstPage } };
}

/** Back to the defaults (tests). */
export function resetWebsite(): void {
  current = structuredClone(defaultWebsite) as Website;
}
