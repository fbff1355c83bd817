import { dyBrowseEntity, dyBrowseLogEntity, grantRecordEntity } from '@smart/api-sdk/entities';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { describe, expect, it } from 'vitest';

import { entityResource, GENERIC_LIST_COLUMNS } from './entity-page';

describe('the generic page of a declared entity', () => {
  const task = entityResource(dyBrowseEntity as unknown as EntityManifest);
  const column = (prop: string) => task.columns.find((c) => c.prop === prop);

  it('lists a screenful of columns, links to other rows and long texts on demand', () => {
    const listed = task.columns.filter((c) => !c.listHidden);
    expect(listed.length).toBe(GENERIC_LIST_COLUMNS);
    expect(column('ydUserId')).toMatchObject({ listHidden: true });
    expect(column('taskName')?.listHidden).toBeUndefined();
  });

  it('leaves out the structured fields a generic control cannot edit', () => {
    expect(dyBrowseEntity.fields.find((f) => f.name === 'extParams')?.type).toBe('array');
    expect(column('extParams')).toBeUndefined();
  });

  it('lists the view fields of an entity without add or edit, read-only', () => {
    const log = entityResource(dyBrowseLogEntity as unknown as EntityManifest);
    expect(log.actions).toMatchObject({ add: false, edit: false, delete: true });
    expect(log.columns.map((c) => c.prop)).toContain('createTime');
    expect(log.columns.map((c) => c.prop)).not.toContain('tenantId');
  });

  it('offers no form where the add button guards an action, not a create (grant records: `grant`)', () => {
    expect(grantRecordEntity.buttons.add).toBe('grant_record_add');
    const grants = entityResource(grantRecordEntity as unknown as EntityManifest);
    expect(grants.actions).toMatchObject({ add: false, edit: false, delete: false, view: true });
    expect(grants.columns.filter((c) => !c.listHidden).map((c) => c.prop)).toEqual(
      expect.arrayContaining(['grantType', 'amount', 'reason']),
    );
  });
});
