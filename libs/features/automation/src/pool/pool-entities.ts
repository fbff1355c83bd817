// The table the pool pages run on: per pool its manifest, its switch, its import and what one pasted line becomes.
// Which button each needs is the contract's (x-entity.actions); the SDK functions are the generated ones.
import {
  dyCommUrlEnable,
  dyCommUrlImport,
  xshCommKeywordEnable,
  xshCommKeywordImport,
  xshCommUrlEmptyDelete,
  xshCommUrlEnable,
  xshCommUrlImport,
  type EnableRequest,
  type ImportResult,
  type RequestOptions,
  type XshCommUrlEmptyDeleteRequest,
} from '@smart/api-sdk';
import { dyCommUrlEntity, xshCommKeywordEntity, xshCommUrlEntity } from '@smart/api-sdk/entities';
import type { EntityManifestData } from '@smart/api-sdk/manifest';
import type { PoolEntityName } from '../names';

/** One pasted line or sheet row as an import row of the pool (`commId` '' = every comment task of the owner). */
export type ImportRow = { commId: string } & ({ url: string } | { keyword: string }) & { sort?: number };

export interface PoolKind {
  name: PoolEntityName;
  entity: EntityManifestData;
  /** The field a line fills: a link or a search keyword. */
  text: 'url' | 'keyword';
  /** Longest line the contract accepts (CommUrlImportRow.url, XshCommKeywordImportRow.keyword). */
  maxLength: number;
  /** What the Excel template's example row holds. */
  example: string;
  enable: { op: string; call: (body: EnableRequest, options?: RequestOptions) => Promise<unknown> };
  import: {
    op: string;
    call: (rows: ImportRow[], options?: RequestOptions) => Promise<ImportResult>;
  };
  /** Clearing used links out in one go (xsh_comm_url.yaml emptyDelete). */
  empty?: {
    op: string;
    call: (body: XshCommUrlEmptyDeleteRequest, options?: RequestOptions) => Promise<unknown>;
  };
}

/** Rows per import call: the contract's maxItems of an import body. */
export const IMPORT_MAX_ROWS = 5000;

// The generated signatures take each pool's own row type; a line is built to the pool's `text` field, so the rows
// handed over are of that type.
type AnyImport = (rows: never[], options?: RequestOptions) => Promise<ImportResult>;
const rowsCall = (fn: AnyImport) => fn as unknown as PoolKind['import']['call'];

export const POOL_KINDS: Readonly<Record<PoolEntityName, PoolKind>> = {
  dy_comm_url: {
    name: 'dy_comm_url',
    entity: dyCommUrlEntity,
    text: 'url',
    maxLength: 512,
    example: 'https://www.douyin.com/video/7280854932640000001',
    enable: { op: 'dyCommUrlEnable', call: dyCommUrlEnable },
    import: { op: 'dyCommUrlImport', call: rowsCall(dyCommUrlImport) },
  },
  xsh_comm_url: {
    name: 'xsh_comm_url',
    entity: xshCommUrlEntity,
    text: 'url',
    maxLength: 512,
    example: 'https://www.xiaohongshu.com/explore/64f0a1b2000000001e03c4d5',
    enable: { op: 'xshCommUrlEnable', call: xshCommUrlEnable },
    import: { op: 'xshCommUrlImport', call: rowsCall(xshCommUrlImport) },
    empty: { op: 'xshCommUrlEmptyDelete', call: xshCommUrlEmptyDelete },
  },
  xsh_comm_keyword: {
    name: 'xsh_comm_keyword',
    entity: xshCommKeywordEntity,
    text: 'keyword',
    maxLength: 64,
    example: '露营装备',
    enable: { op: 'xshCommKeywordEnable', call: xshCommKeywordEnable },
    import: { op: 'xshCommKeywordImport', call: rowsCall(xshCommKeywordImport) },
  },
};

/**
 * An import row and where the operator has it: its line of the pasted text or its row of the sheet (1-based), and
 * its text, so a row the server refuses (ImportError.row: its position in the request) is named as they see it.
 */
export interface SourcedRow {
  row: ImportRow;
  line: number;
  text: string;
}

/** What makes two lines the same row of the pool: the link as written, a keyword regardless of case. */
export const rowKey = (kind: PoolKind, text: string) => (kind.text === 'keyword' ? text.toLowerCase() : text);

/** One import row of the pool holding `text`. */
export const poolRow = (kind: PoolKind, text: string, commId: string): ImportRow =>
  kind.text === 'url' ? { url: text, commId } : { keyword: text, commId };

/**
 * The pasted text as import rows: one per non-empty line, trimmed, repeats of an earlier line dropped (the server
 * would count them as duplicates anyway; dropping them keeps the counts about the pool, not the paste).
 */
export function pasteRows(kind: PoolKind, text: string, commId: string): SourcedRow[] {
  const seen = new Set<string>();
  const rows: SourcedRow[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const key = rowKey(kind, line);
    if (!line || seen.has(key)) return;
    seen.add(key);
    rows.push({ row: poolRow(kind, line, commId), line: i + 1, text: line });
  });
  return rows;
}

/** The pasted text as the import body (./pasteRows without the lines). */
export const linesToRows = (kind: PoolKind, text: string, commId: string): ImportRow[] =>
  pasteRows(kind, text, commId).map((r) => r.row);
