import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logApi, logUsual } from '../db/schema';
import { backends, startTestServer, type TestServer } from '../test/harness';
import { LogWriter } from './writer';

describe.each(backends)('log writer on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('writes a batch with one array per column: every value as given, absent columns at their defaults', async () => {
    const w = new LogWriter(s.handle.db, { flushMs: 60_000 });
    const at = new Date('2026-11-23T10:20:30.456Z');
    const ids = [9_100_000_000_000_000_001n, 9_100_000_000_000_000_002n];
    for (const [i, id] of ids.entries()) {
      w.push('api', {
        id,
        tenantId: '100001',
        requestUri: `/api/x/${i}`,
        params: i === 0 ? 'a=1&b=“引号”,{x}' : '',
        createBy: 'tester',
        createTime: at,
        type: '1',
        title: '标题',
        time: String(i),
      });
    }
    w.push('usual', { id: 9_100_000_000_000_000_003n, logData: 'no level given', createTime: at });
    await w.flush();
    expect(w.dropped).toBe(0);
    const api = await s.handle.db.select().from(logApi).where(eq(logApi.createBy, 'tester'));
    expect(api.map((r) => [r.id, r.requestUri, r.params, r.time]).sort()).toEqual([
      [ids[0], '/api/x/0', 'a=1&b=“引号”,{x}', '0'],
      [ids[1], '/api/x/1', '', '1'],
    ]);
    expect(api.every((r) => r.createTime.getTime() === at.getTime() && r.tenantId === '100001')).toBe(true);
    const [usual] = await s.handle.db
      .select()
      .from(logUsual)
      .where(eq(logUsual.id, 9_100_000_000_000_000_003n));
    expect(usual).toMatchObject({ logData: 'no level given', logLevel: 'INFO', tenantId: '000000' });
  });
});
