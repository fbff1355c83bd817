import type { EntityFilter, EntityManifest, FilterKind } from '@smart/api-sdk/manifest';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { http, HttpResponse, type HttpHandler } from 'msw';

/** One contract filter on a property (docs/platform-contract.md's suffixes; types.ts FilterKind). */
function matches(kind: FilterKind, value: unknown, query: string): boolean {
  const text = value === null || value === undefined ? '' : String(value);
  switch (kind) {
    case 'like':
      return text.includes(query);
    case 'notlike':
      return !text.includes(query);
    case 'likeleft': // SQL `LIKE '%q'`
      return text.endsWith(query);
    case 'likeright': // SQL `LIKE 'q%'`
      return text.startsWith(query);
    case 'equal':
      return text === query;
    case 'notequal':
      return text !== query;
    case 'gt':
      return Number(value) > Number(query);
    case 'lt':
      return Number(value) < Number(query);
    case 'ge':
      return Number(value) >= Number(query);
    case 'le':
      return Number(value) <= Number(query);
    // `yyyy-MM-dd HH:mm:ss` strings order as their dates do.
    case 'dategt':
    case 'datege':
      return text !== '' && text >= query;
    case 'datelt':
    case 'datele':
      return text !== '' && text <= query;
    case 'dateequal':
      return text.slice(0, 10) === query.slice(0, 10);
    case 'null':
      return text === '';
    case 'notnull':
      return text !== '';
  }
}

/** Every query parameter the contract declares for the list: the filter's own and `<field>_<kind>` for the rest. */
function filterParams(filters: EntityFilter[]): Map<string, { field: string; kind: FilterKind }> {
  const out = new Map<string, { field: string; kind: FilterKind }>();
  for (const f of filters) {
    out.set(f.param, { field: f.field, kind: f.kind });
    for (const kind of f.also) out.set(`${f.field}_${kind}`, { field: f.field, kind });
  }
  return out;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export interface MemoryBackendOptions<Row> {
  /** Fill what the server computes on write (labels of codes such as post's `categoryName`). */
  derive?: (row: Row) => Row;
}

export interface MemoryBackend<Row, Form> {
  /** MSW handlers of the entity's list, detail, submit/save/update and remove (`setupServer` or `parameters.msw`). */
  handlers: HttpHandler[];
  /** The rows as they are now. */
  rows(): Row[];
  /** The requests received, for assertions. */
  calls: { list: URLSearchParams[]; submit: Form[]; remove: string[] };
  /** Back to the seed rows (or `rows`), calls forgotten: for `beforeEach`. */
  reset(rows?: Row[]): void;
}

/**
 * An in-memory backend of one entity for page tests and stories (docs/architecture.md §1), speaking the contract as the
 * manifest declares it: the list honours the declared filters (x-filter), paging and sorts (`ascs` / `descs`,
 * snake_case); submit creates without an id and updates with one; remove takes comma-joined `ids`. An entity keyed
 * otherwise (manifest `key`) is read, written and removed by its key; a lazy tree answers a level a call.
 */
export function memoryBackend<Row extends { id: string }, Form>(
  entity: EntityManifest<Row, Form>,
  seed: Row[],
  options: MemoryBackendOptions<Row> = {},
): MemoryBackend<Row, Form> {
  const derive = options.derive ?? ((row: Row) => row);
  const params = filterParams(entity.filters);
  let rows = [...seed];
  let nextId = 1;
  const calls: MemoryBackend<Row, Form>['calls'] = { list: [], submit: [], remove: [] };
  const path = (role: keyof typeof entity.paths) => `*${entity.paths[role] ?? `/${entity.name}/${role}`}`;
  // rows are named by their key (manifest `key`: a region's code, which its id repeats), else by id
  const key = entity.key ?? { field: 'id', detail: 'id', remove: 'ids', many: true };
  const keyOf = (r: Row) => String((r as Record<string, unknown>)[key.field] ?? '');
  const lazy = entity.tree?.lazy ? entity.tree : undefined;

  function list(q: URLSearchParams) {
    let hits = rows.filter((row) =>
      [...q].every(([name, value]) => {
        const filter = params.get(name);
        const record = row as Record<string, unknown>;
        return !filter || value === '' || matches(filter.kind, record[filter.field], value);
      }),
    );
    const order = [
      ...(q.get('ascs') ?? '').split(',').map((c) => ({ c, dir: 1 })),
      ...(q.get('descs') ?? '').split(',').map((c) => ({ c, dir: -1 })),
    ].filter((o) => o.c && entity.sorts.includes(o.c));
    if (order.length) {
      hits = [...hits].sort((a, b) => {
        for (const { c, dir } of order) {
          const d = compare(
            (a as Record<string, unknown>)[camel(c)],
            (b as Record<string, unknown>)[camel(c)],
          );
          if (d) return d * dir;
        }
        return 0;
      });
    }
    const size = Number(q.get('size') ?? 10);
    const current = Number(q.get('current') ?? 1);
    const records = hits.slice((current - 1) * size, current * size);
    return { records, total: hits.length, size, current, pages: Math.ceil(hits.length / size) };
  }

  /** Rows nested by the tree's parent field; a row whose parent is not among them is a root. */
  function forest(hits: Row[]): unknown[] {
    const parentOf = (r: Row) => String((r as Record<string, unknown>)[entity.tree!.parent] ?? '');
    const ids = new Set(hits.map((r) => r.id));
    const nest = (r: Row): unknown => {
      const children = hits.filter((c) => parentOf(c) === r.id).map(nest);
      return children.length ? { ...r, children } : { ...r };
    };
    return hits.filter((r) => !ids.has(parentOf(r))).map(nest);
  }

  /**
   * A lazy tree's level: the children of the `parent` parameter's row (each with `hasChildren`); without it, with a
   * filter, the matching rows of every level (region.yaml lazyList), else the children of `root`.
   */
  function level(q: URLSearchParams) {
    const parent = q.get(lazy!.parent);
    const filtered = [...q].some(([name, value]) => params.has(name) && value !== '');
    const at = parent ?? (filtered ? undefined : (lazy!.root ?? ''));
    const parentOf = (r: Row) => String((r as Record<string, unknown>)[lazy!.parent] ?? '');
    return list(new URLSearchParams([...q, ['size', '100000']]))
      .records.filter((r) => at === undefined || parentOf(r) === at)
      .map((r) => ({ ...r, hasChildren: rows.some((c) => parentOf(c) === keyOf(r)) }));
  }

  function write(body: Form & { id?: string }) {
    calls.submit.push(body);
    // a typed key (a region's code) updates the row it names and creates one it does not
    const typed = entity.key ? String((body as Record<string, unknown>)[key.field] ?? '') : '';
    const old = typed
      ? rows.find((r) => keyOf(r) === typed)
      : body.id
        ? rows.find((r) => r.id === body.id)
        : undefined;
    if (!typed && body.id && !old) return errorResponse(400, '数据不存在');
    const saved = old
      ? derive({ ...old, ...body, updateTime: now() })
      : // The audit columns every business table carries (docs/architecture.md §5), as the server fills them on create.
        derive({
          createTime: now(),
          updateTime: now(),
          status: 1,
          isDeleted: 0,
          ...body,
          id: typed || `m${nextId++}`,
        } as unknown as Row);
    rows = old ? rows.map((r) => (r === old ? saved : r)) : [saved, ...rows];
    return HttpResponse.json(envelope(saved));
  }

  const handlers: HttpHandler[] = [
    http.get(path('list'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      calls.list.push(q);
      // a tree entity lists its forest (manifest `tree`): the matching rows, nested under their parents
      return HttpResponse.json(
        envelope(
          lazy
            ? level(q)
            : entity.tree
              ? forest(list(new URLSearchParams([...q, ['size', '100000']])).records)
              : list(q),
        ),
      );
    }),
    http.get(path('detail'), ({ request }) => {
      const hit = rows.find((r) => keyOf(r) === new URL(request.url).searchParams.get(key.detail));
      return hit ? HttpResponse.json(envelope(hit)) : errorResponse(400, '数据不存在');
    }),
    ...(['submit', 'save', 'update'] as const)
      .filter((role) => entity.paths[role])
      .map((role) =>
        http.post(path(role), async ({ request }) => write((await request.json()) as Form & { id?: string })),
      ),
    http.post(path('remove'), ({ request }) => {
      const ids = new URL(request.url).searchParams.get(key.remove) ?? '';
      calls.remove.push(ids);
      const named = key.many ? ids.split(',') : [ids];
      rows = rows.filter((r) => !named.includes(keyOf(r)));
      return HttpResponse.json(envelope({}));
    }),
  ];

  return {
    handlers,
    rows: () => rows,
    calls,
    reset(next = seed) {
      rows = [...next];
      nextId = 1;
      calls.list = [];
      calls.submit = [];
      calls.remove = [];
    },
  };
}
