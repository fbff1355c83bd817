import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import * as React from 'react';

import { useCrudContext, useOptions } from './crud-context';
import type { CrudColumn, Option, RemoteOptions } from './types';

// Options a column reads on demand (the rows of another entity, entity-refs.ts): loaded once per key and shared by
// every cell, form field and search field that gives that key. Through the console's TanStack Query client when
// there is one (its cache outlives a page, the shell's "clear cache" drops it); else, in tests and stories without
// one, through the CRUD provider's own cache.

/** The root of the query keys: `['crud-options', entity, …]`. */
const QUERY_ROOT = 'crud-options';
/** How long loaded options are used as they are; a write on the entity's own page drops them sooner. */
export const REMOTE_OPTIONS_STALE_MS = 60_000;

const cacheKey = (key: RemoteOptions['key']) => JSON.stringify(key);

function load(
  client: QueryClient | undefined,
  cache: Map<string, Promise<Option[]>>,
  remote: RemoteOptions,
): Promise<Option[]> {
  if (client)
    return client.fetchQuery({
      queryKey: [QUERY_ROOT, ...remote.key],
      queryFn: ({ signal }) => remote.load(signal),
      staleTime: REMOTE_OPTIONS_STALE_MS,
    });
  const id = cacheKey(remote.key);
  let hit = cache.get(id);
  if (!hit) {
    hit = remote.load();
    cache.set(id, hit);
    // a failed load is asked again by the next field that needs it
    hit.catch(() => cache.delete(id));
  }
  return hit;
}

/** The options of `remote` (empty while they load, or when they failed: a cell then shows the raw value). */
export function useRemoteOptions(remote: RemoteOptions | undefined): Option[] {
  const client = React.useContext(QueryClientContext);
  const { remoteCache } = useCrudContext();
  const [loaded, setLoaded] = React.useState<{ id: string; options: Option[] } | null>(null);
  const id = remote ? cacheKey(remote.key) : undefined;

  React.useEffect(() => {
    if (!remote || !id) return;
    let alive = true;
    load(client, remoteCache, remote).then(
      (options) => {
        if (alive) setLoaded({ id, options });
      },
      () => {
        // the load is silent (entity-refs.ts): without the rows a field shows and keeps the raw ids
      },
    );
    return () => {
      alive = false;
    };
    // the key names the options: a new `remote` object with the same key (a re-derived column) is the same list
  }, [id, client, remoteCache]);

  return loaded && loaded.id === id ? loaded.options : [];
}

/**
 * Drops the loaded options of `entity` (every key starting with it), so the next field that needs them reads them
 * again: CrudPage calls it after its rows changed, as another entity's form offers them.
 */
export function useDropRemoteOptions(): (entity: string) => void {
  const client = React.useContext(QueryClientContext);
  const { remoteCache } = useCrudContext();
  return React.useCallback(
    (entity: string) => {
      if (client) void client.invalidateQueries({ queryKey: [QUERY_ROOT, entity] });
      const prefix = cacheKey([entity]).slice(0, -1);
      for (const id of [...remoteCache.keys()])
        if (id.startsWith(`${prefix},`) || id === `${prefix}]`) remoteCache.delete(id);
    },
    [client, remoteCache],
  );
}

/** The options of a column: its remote ones when it reads them on demand, else its static or dictionary ones. */
export function useColumnOptions<Row, Form>(column: CrudColumn<Row, Form>): Option[] {
  const local = useOptions(column.dict, column.options, column.numericDict);
  const remote = useRemoteOptions(column.remoteOptions);
  return column.remoteOptions ? remote : local;
}
