/**
 * The `import` of comment URLs (dy_comm_url, xsh_comm_url; body patterns.yaml `CommUrlImportRequest`): each row's
 * text is reduced to its first link and checked against the platform's item link shapes (./links.ts); a link that
 * the comment task already has live, or whose item id it already has (one note reached by two links), or that an
 * earlier row of the batch has, is a duplicate; the rest is inserted unused (use state 0) by ./import-rows.ts.
 */
import { or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { caller } from '../../crud/index';
import type { Db } from '../../db/index';
import { ok, parseId } from '../../util';
import {
  importRows,
  NO_COMM_TASK_MSG,
  liveOfTenant,
  scopedKey,
  selectInChunks,
  type CommTable,
  type ImportCandidate,
  type ImportRow,
  type ImportTable,
} from './import-rows';
import type { LinkResult } from './links';

export interface CommUrlImportRow {
  url: string;
  commId?: string;
  sort?: number;
}

type UrlTable = ImportTable & Record<'url' | 'itemId', PgColumn>;

interface CommUrlImportSpec {
  table: UrlTable;
  commTable: CommTable;
  lockKey: number;
  parse(text: string): LinkResult;
  /** Extra column values a parsed link gives (Xiaohongshu's `xsecToken`). */
  extra?(link: Exclude<LinkResult, { error: string }>): Record<string, unknown>;
}

/** The row's comm id: '' or absent = none; anything else must be an id (the contract's pattern let it through). */
function commIdOf(v: string | undefined): bigint | null | undefined {
  if (v === undefined || v === '') return null;
  return parseId(v);
}

export function toUrlCandidates(spec: CommUrlImportSpec, rows: CommUrlImportRow[]): ImportRow[] {
  return rows.map((r, i): ImportRow => {
    const row = i + 1;
    const commId = commIdOf(r.commId);
    if (commId === undefined) return { row, error: NO_COMM_TASK_MSG };
    const link = spec.parse(r.url);
    if ('error' in link) return { row, error: link.error };
    return {
      row,
      commId,
      keys: [`u:${link.url}`, ...(link.itemId ? [`i:${link.itemId}`] : [])],
      values: {
        url: link.url,
        itemId: link.itemId,
        useStatus: 0,
        sort: r.sort ?? 0,
        ...spec.extra?.(link),
      },
    };
  });
}

export function commUrlImportHandler(db: Db, spec: CommUrlImportSpec) {
  const t = spec.table;
  /** The live rows of the tenant sharing a link or an item id with the batch, as scoped keys. */
  const existingKeys = async (tx: Db, tenantId: string, candidates: ImportCandidate[]) => {
    const urls = candidates.map((c) => c.values.url as string);
    const items = candidates.map((c) => c.values.itemId as string).filter(Boolean);
    const found = await selectInChunks(
      [...urls.map((u) => `u:${u}`), ...items.map((i) => `i:${i}`)],
      (chunk) => {
        const u = chunk.filter((k) => k.startsWith('u:')).map((k) => k.slice(2));
        const i = chunk.filter((k) => k.startsWith('i:')).map((k) => k.slice(2));
        return tx
          .select({ commId: t.commId, url: t.url, itemId: t.itemId })
          .from(t)
          .where(
            or(
              u.length ? liveOfTenant(t, tenantId, t.url, u) : undefined,
              i.length ? liveOfTenant(t, tenantId, t.itemId, i) : undefined,
            ),
          ) as Promise<{ commId: bigint | null; url: string; itemId: string }[]>;
      },
    );
    const keys = new Set<string>();
    for (const r of found) {
      keys.add(scopedKey(r.commId, `u:${r.url}`));
      if (r.itemId) keys.add(scopedKey(r.commId, `i:${r.itemId}`));
    }
    return keys;
  };
  return async (req: FastifyRequest) => {
    const a = caller(req);
    const rows = toUrlCandidates(spec, req.body as CommUrlImportRow[]);
    const result = await importRows(
      db,
      a,
      { table: t, commTable: spec.commTable, lockKey: spec.lockKey, existingKeys },
      rows,
    );
    return ok(result);
  };
}
