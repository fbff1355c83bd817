/** A sample table for the code generator's tests, as ./columns.ts reads it, and a generator configuration of it. */
import type { SourceColumn, SourceTable } from '../modules/develop/columns';
import type { GenConfig } from '../modules/develop/gen-model';

const col = (name: string, kind: SourceColumn['kind'], more: Partial<SourceColumn> = {}): SourceColumn => ({
  name,
  kind,
  notNull: false,
  hasDefault: false,
  comment: '',
  primary: false,
  ...more,
});

/** A table as ./columns.ts reads it: every kind, comments in Chinese and English, the base entity's columns. */
export const TABLE: SourceTable = {
  name: 'demo_gen_article',
  comment: 'Articles',
  columns: [
    col('id', 'bigint', { notNull: true, primary: true }),
    col('tenant_id', 'string', { maxLength: 12, notNull: true, hasDefault: true }),
    col('title', 'string', { maxLength: 120, notNull: true, comment: '标题' }),
    col('summary', 'text', { comment: 'Summary' }),
    col('category', 'integer', { notNull: true, comment: '分类' }),
    col('author_id', 'bigint', { comment: '作者' }),
    col('price', 'decimal', { precision: 12, scale: 2, notNull: true, hasDefault: true }),
    col('score', 'number'),
    col('pinned', 'boolean', { notNull: true, hasDefault: true }),
    col('publish_time', 'datetime', { notNull: true, comment: '发布时间' }),
    col('expire_time', 'datetime'),
    col('birth_day', 'date'),
    col('Odd Name', 'string', { maxLength: 20 }),
    col('create_user', 'bigint'),
    col('create_time', 'datetime', { notNull: true, hasDefault: true }),
    col('status', 'integer', { notNull: true, hasDefault: true }),
    col('is_deleted', 'integer', { notNull: true, hasDefault: true }),
  ],
};

export const CONFIG: GenConfig = {
  serviceName: 'smart-demo',
  codeName: '文章',
  tableName: 'demo_gen_article',
  tablePrefix: 'demo_',
  pkName: 'id',
  packageName: 'org.springblade.desk',
  baseMode: 2,
  wrapMode: 1,
};
