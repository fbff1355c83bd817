// A task that names no Yingdao job settings gets Yingdao's own defaults (patterns.yaml: priority `middle`, 600 s in
// the queue, 3600 s of running), not the first enum value or the minimum.
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dyBrowse, dyComm, dyLive, dyPublish, sphBrowse, xhsPublish, xshBrowse, xshComm } from './schema';

describe('task tables', () => {
  it.each(Object.entries({ dyBrowse, dyComm, dyLive, dyPublish, sphBrowse, xhsPublish, xshBrowse, xshComm }))(
    '%s defaults the Yingdao job settings as Yingdao does',
    (_name, table) => {
      const c = getTableColumns(table);
      expect(c.priority.default).toBe('middle');
      expect(c.waitTimeoutSec.default).toBe(600);
      expect(c.runTimeoutSec.default).toBe(3600);
    },
  );
});
