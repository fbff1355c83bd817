import type { EntityManifest } from '@smart/api-sdk/manifest';
import { describe, expect, it } from 'vitest';

import { entityAdapter } from './entity-adapter';

type Form = Record<string, unknown>;

function manifest(sent: Form[]): EntityManifest<Form, Form> {
  return {
    name: 'task',
    fields: [
      { name: 'taskName', type: 'string', inForm: true, required: true, readOnly: false },
      {
        name: 'priority',
        type: 'string',
        enum: ['high', 'middle', 'low'],
        inForm: true,
        required: false,
        readOnly: false,
      },
      { name: 'mode', type: 'string', enum: ['', 'a'], inForm: true, required: false, readOnly: false },
      { name: 'remark', type: 'string', inForm: true, required: false, readOnly: false },
      { name: 'createTime', type: 'string', inForm: false, required: true, readOnly: false },
      { name: 'statusName', type: 'string', inForm: false, required: false, readOnly: true },
    ],
    api: {
      submit: async (body: Form) => {
        sent.push(body);
        return {};
      },
    },
  } as unknown as EntityManifest<Form, Form>;
}

describe('the entity adapter', () => {
  it('leaves out an untouched optional choice whose values exclude the empty string, on create and update', async () => {
    const sent: Form[] = [];
    const adapter = entityAdapter(manifest(sent));
    await adapter.create({ id: '', taskName: 'a', priority: '', mode: '', remark: '' });
    await adapter.update({ id: '1', taskName: 'a', priority: null, mode: 'a', remark: '' });
    await adapter.update({ id: '1', taskName: 'a', priority: 'low' });
    expect(sent).toEqual([
      { taskName: 'a', mode: '', remark: '' },
      { id: '1', taskName: 'a', mode: 'a', remark: '' },
      { id: '1', taskName: 'a', priority: 'low' },
    ]);
  });

  it('sends an edited detail without its view-only fields, keeping the id and values the page adds', async () => {
    const sent: Form[] = [];
    const adapter = entityAdapter(manifest(sent));
    const detail = {
      id: '7',
      taskName: 'a',
      remark: 'r',
      createTime: '2026-11-22 10:00:00',
      statusName: '运行中',
    };
    await adapter.update({ ...detail, taskName: 'b', pageOwn: 'x' });
    expect(sent).toEqual([{ id: '7', taskName: 'b', remark: 'r', pageOwn: 'x' }]);
  });
});
