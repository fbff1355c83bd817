import {
  noticeEntity,
  paramEntity,
  postEntity,
  schedulerJobEntity,
  ydUserEntity,
} from '@smart/api-sdk/entities';
import { describe, expect, it } from 'vitest';

import { defineResource } from './define-resource';
import { buildSearchParams } from './search-params';

describe('defineResource(entity)', () => {
  const post = defineResource(postEntity);
  const column = (prop: string) => post.columns.find((c) => c.prop === prop);

  it('takes the form fields in contract order, with catalogue keys for labels and the title', () => {
    expect(post.name).toBe('post');
    expect(post.title).toBe('entity.post._title');
    expect(post.columns.map((c) => c.prop)).toEqual(['category', 'postCode', 'postName', 'sort', 'remark']);
    expect(column('postName')?.label).toBe('entity.post.postName');
  });

  it('guesses the control: dictionary → select, integer → number, long text → textarea', () => {
    expect(column('category')).toMatchObject({ type: 'select', dict: 'post_category', numericDict: true });
    expect(column('sort')?.type).toBe('number');
    expect(column('postCode')?.type).toBe('input');
    const param = defineResource(paramEntity);
    expect(param.columns.find((c) => c.prop === 'paramValue')).toMatchObject({ type: 'textarea', span: 24 });
    expect(param.columns.find((c) => c.prop === 'remark')?.type).toBe('input');
  });

  it("starts a new row's form from the contract's defaults (scheduler-job.yaml), and only form fields", () => {
    const job = defineResource(schedulerJobEntity);
    const byProp = (prop: string) => job.columns.find((c) => c.prop === prop);
    expect(byProp('misfirePolicy')?.defaultValue).toBe(3);
    expect(byProp('concurrent')?.defaultValue).toBe(1);
    expect(byProp('jobStatus')?.defaultValue).toBe(0);
    expect(byProp('jobName')?.defaultValue).toBeUndefined();
    expect(column('postName')?.defaultValue).toBeUndefined();
  });

  it('derives rules with the contract messages and lengths', () => {
    expect(column('postCode')?.rules).toEqual({ required: 'entity.post._rules.postCode', max: 12 });
    expect(column('remark')?.rules).toEqual({ max: 255 });
    expect(column('sort')?.rules).toEqual({ required: 'entity.post._rules.sort' });
  });

  it('searches the filtered fields (text by contains) and sorts the declared sort columns', () => {
    expect(column('category')).toMatchObject({ search: true });
    expect(column('category')?.searchParam).toBeUndefined();
    expect(column('postCode')).toMatchObject({ search: true, searchParam: 'postCode_like', sortable: true });
    expect(column('remark')?.search).toBeUndefined();
    expect(column('remark')?.sortable).toBeUndefined();
    expect(buildSearchParams({ postCode: ' P01 ', category: 2 }, post.columns)).toEqual({
      postCode_like: 'P01',
      category: 2,
    });
  });

  it('types a write-only field (a password) in the add and edit dialogs only', () => {
    const password = defineResource(ydUserEntity).columns.find((c) => c.prop === 'password');
    expect(password).toMatchObject({ type: 'password', hideInList: true, hideInForm: { view: true } });
  });

  it('takes permissions and buttons from x-entity', () => {
    expect(post.permissions).toEqual({
      add: 'post_add',
      edit: 'post_edit',
      delete: 'post_delete',
      view: 'post_view',
    });
    expect(post.actions).toEqual({ add: true, edit: true, delete: true, batchDelete: true, view: true });
  });

  it('applies overrides: column patches, hidden, list-only and extra columns, order and options', () => {
    const def = defineResource(postEntity, {
      columns: { remark: false, sort: { width: 80 }, createTime: { search: true } },
      extra: [{ prop: 'status', label: 'common.status', hideInForm: true }],
      order: ['postName', 'postCode'],
      actions: { batchDelete: false },
      menuWidth: 200,
    });
    expect(def.columns.map((c) => c.prop)).toEqual([
      'postName',
      'postCode',
      'category',
      'sort',
      'createTime',
      'status',
    ]);
    expect(def.columns.find((c) => c.prop === 'sort')).toMatchObject({ type: 'number', width: 80 });
    // A field outside the form, named by a patch, becomes a list-only column.
    expect(def.columns.find((c) => c.prop === 'createTime')).toMatchObject({
      type: 'datetime',
      hideInForm: true,
      search: true,
      sortable: true,
    });
    expect(def.actions).toMatchObject({ batchDelete: false, delete: true });
    expect(def.menuWidth).toBe(200);
  });

  it('keeps the written-out form for resources without a manifest', () => {
    const def = { name: 'dict', columns: [{ prop: 'code' as const, label: 'dict.code' }] };
    expect(defineResource<{ code: string }>(def)).toBe(def);
  });

  it('searches a date range between the bounds the contract declares (notice: _datege and _datelt)', () => {
    const notice = defineResource(noticeEntity);
    const release = notice.columns.find((c) => c.prop === 'releaseTime');
    expect(release).toMatchObject({
      search: true,
      searchRange: true,
      searchRangeParams: ['releaseTime_datege', 'releaseTime_datelt'],
    });
    expect(
      buildSearchParams({ releaseTime: ['2024-05-01T08:00', '2024-05-02T09:00'] }, notice.columns),
    ).toEqual({
      releaseTime_datege: '2024-05-01 08:00:00',
      releaseTime_datelt: '2024-05-02 09:00:00',
    });
  });
});
