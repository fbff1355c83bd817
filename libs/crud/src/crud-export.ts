import type { ExportColumn, ExportValue, UiMessages } from '@smart/ui';
import type { useCrudContext } from './crud-context';
import { formatCellValue } from './field-values';
import type { CrudAdapter, CrudColumn, CrudExportParams, Option } from './types';

/** Page size used when export pages through `list`. */
export const EXPORT_PAGE_SIZE = 500;
/** Hard stop for one export. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * Every row matching `params`: the adapter's `export` when it has one, else `list` page by page
 * (`EXPORT_PAGE_SIZE` rows a call) until the total is reached.
 */
export async function fetchAllRows<Row, Form>(
  adapter: CrudAdapter<Row, Form>,
  params: CrudExportParams,
  pageSize = EXPORT_PAGE_SIZE,
  maxRows = EXPORT_MAX_ROWS,
): Promise<Row[]> {
  if (adapter.export) return (await adapter.export(params)).slice(0, maxRows);
  const rows: Row[] = [];
  for (let current = 1; rows.length < maxRows; current += 1) {
    const page = await adapter.list({ ...params, current, size: pageSize });
    rows.push(...page.records);
    if (page.records.length < pageSize || rows.length >= page.total) break;
  }
  return rows.slice(0, maxRows);
}

type ResolvedCrudContext = ReturnType<typeof useCrudContext>;

async function optionsOf<Row, Form>(
  column: CrudColumn<Row, Form>,
  ctx: ResolvedCrudContext,
): Promise<Option[]> {
  if (column.options) return column.options;
  if (!column.dict || !ctx.dictionary) return [];
  let cached = ctx.dictCache.get(column.dict);
  if (!cached) {
    cached = ctx.dictionary(column.dict);
    ctx.dictCache.set(column.dict, cached);
  }
  try {
    return await cached;
  } catch {
    ctx.dictCache.delete(column.dict);
    return [];
  }
}

/**
 * Export columns for the given visible props (in that order): translated headers, dictionary labels instead of
 * keys, yes/no for booleans; password and `exportable: false` columns are left out.
 */
export async function buildExportColumns<Row, Form>(
  visibleProps: readonly string[],
  columns: readonly CrudColumn<Row, Form>[],
  ctx: ResolvedCrudContext,
  messages: Pick<UiMessages, 'yes' | 'no'>,
): Promise<ExportColumn<Row>[]> {
  const byProp = new Map(columns.map((c) => [c.prop as string, c]));
  const picked = visibleProps
    .map((prop) => byProp.get(prop))
    .filter((c): c is CrudColumn<Row, Form> => !!c && c.exportable !== false && c.type !== 'password');
  return Promise.all(
    picked.map(async (column): Promise<ExportColumn<Row>> => {
      const options = await optionsOf(column, ctx);
      return {
        id: column.prop,
        label: ctx.t(column.label),
        width: typeof column.width === 'number' ? Math.max(8, Math.round(column.width / 7)) : undefined,
        value: (row): ExportValue => {
          const raw = (row as Record<string, unknown>)[column.prop];
          if (raw === null || raw === undefined) return null;
          if (options.length > 0) return formatCellValue(column, raw, options);
          if (typeof raw === 'boolean') return raw ? messages.yes : messages.no;
          if (typeof raw === 'number' || typeof raw === 'string') return raw;
          return formatCellValue(column, raw, options);
        },
      };
    }),
  );
}
