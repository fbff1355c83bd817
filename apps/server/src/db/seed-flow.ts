/**
 * Seed step `flow`: the common leave process definition (src/modules/flow/flow/leave-process.ts), so every
 * tenant's start list has it.
 */
import type { Db } from './index';
import { flowProcess } from './schema';

export const flowSeedStep = {
  name: 'flow',
  async run(tx: Db): Promise<void> {
    await tx
      .insert(flowProcess)
      .values({
        id: 'Leave:1:4',
        tenantId: '',
        name: '请假流程',
        key: 'Leave',
        category: 'flow_1',
        version: 1,
        deploymentId: '1',
        resourceName: 'leave.bpmn20.xml',
        diagramResourceName: 'leave.Leave.png',
        suspensionState: 1,
      })
      .onConflictDoNothing();
  },
};
