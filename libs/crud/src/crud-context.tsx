import * as React from 'react';

import type { Option } from './types';

export interface CrudContextValue {
  /** Translate a label or message key. Default: the key itself. */
  t?: (key: string) => string;
  /** Permission check for a permission code. Default: allow. */
  can?: (code: string) => boolean;
  /** Resolve a dictionary code to options. */
  dictionary?: (code: string) => Promise<Option[]> | Option[];
}

interface ResolvedCrudContext {
  t: (key: string) => string;
  can: (code: string) => boolean;
  dictionary?: (code: string) => Promise<Option[]> | Option[];
  /** Per-provider cache of dictionary lookups. */
  dictCache: Map<string, Promise<Option[]> | Option[]>;
  /** Per-provider cache of remote options where no TanStack Query client is around (remote-options.ts). */
  remoteCache: Map<string, Promise<Option[]>>;
}

const identity = (key: string) => key;
const allow = () => true;

const defaultContext: ResolvedCrudContext = {
  t: identity,
  can: allow,
  dictCache: new Map(),
  remoteCache: new Map(),
};

const CrudContext = React.createContext<ResolvedCrudContext>(defaultContext);

export function CrudProvider({ value, children }: { value: CrudContextValue; children?: React.ReactNode }) {
  const { t, can, dictionary } = value;
  const resolved = React.useMemo<ResolvedCrudContext>(
    () => ({ t: t ?? identity, can: can ?? allow, dictionary, dictCache: new Map(), remoteCache: new Map() }),
    [t, can, dictionary],
  );
  return <CrudContext.Provider value={resolved}>{children}</CrudContext.Provider>;
}

export function useCrudContext(): ResolvedCrudContext {
  return React.useContext(CrudContext);
}

/** Dictionary keys travel as strings; a numeric column (post.yaml `category`) needs its values as numbers. */
const toNumbers = (options: Option[]): Option[] =>
  options.map((o) => ({
    ...o,
    value:
      typeof o.value === 'string' && o.value.trim() !== '' && !Number.isNaN(Number(o.value))
        ? Number(o.value)
        : o.value,
    children: o.children ? toNumbers(o.children) : o.children,
  }));

/**
 * Options of a column: static `options`, else the dictionary `code` through the context (cached); `numeric` turns
 * the dictionary's number-like keys into numbers.
 */
export function useOptions(
  code: string | undefined,
  options: Option[] | undefined,
  numeric = false,
): Option[] {
  const { dictionary, dictCache } = useCrudContext();
  const [loaded, setLoaded] = React.useState<{ code: string; options: Option[] } | null>(null);

  React.useEffect(() => {
    if (options || !code || !dictionary) return;
    let cached = dictCache.get(code);
    if (!cached) {
      cached = dictionary(code);
      dictCache.set(code, cached);
    }
    let alive = true;
    Promise.resolve(cached).then(
      (result) => {
        if (alive) setLoaded({ code, options: numeric ? toNumbers(result) : result });
      },
      () => {
        dictCache.delete(code);
      },
    );
    return () => {
      alive = false;
    };
  }, [code, options, dictionary, dictCache, numeric]);

  if (options) return options;
  if (loaded && loaded.code === code) return loaded.options;
  return [];
}
