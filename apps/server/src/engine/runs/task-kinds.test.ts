import { describe, expect, it } from 'vitest';
import { pointerGet } from '../../kernel/json-pointer';
import { loadSpec } from '../../spec';
import { TASK_KINDS } from './task-kinds';

describe('task kinds', () => {
  it("charge a browse run's power under its own platform's business type, one the contract declares", () => {
    const declared = (
      pointerGet(loadSpec(), '/components/schemas/PowerLogFields/properties/bizType') as { enum: string[] }
    ).enum;
    const browse = Object.values(TASK_KINDS).filter((k) => k.kind === 'browse');
    expect(browse.map((k) => [k.taskType, 'powerBiz' in k ? k.powerBiz : ''])).toEqual([
      ['dy_browse', 'DY_BROWSE_RUN'],
      ['xsh_browse', 'XSH_BROWSE_RUN'],
      ['sph_browse', 'SPH_BROWSE_RUN'],
    ]);
    for (const k of Object.values(TASK_KINDS))
      if ('powerBiz' in k) expect(declared, k.taskType).toContain(k.powerBiz);
  });
});
