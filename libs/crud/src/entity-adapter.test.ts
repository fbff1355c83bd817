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
});
