// The fixture of the engine's run tests (./run-lifecycle.test.ts, ./run-control.test.ts): a sandboxed server and, on a
// harness of its own, the Yingdao sandbox (src/sandbox/yingdao), reached through a `yingdao_auth` row of the tenant so
// the server uses its ordinary resolver (../bindings.ts) and client.
//
// The harness posts no callbacks: a test builds each one (`callbackOf`, the sandbox's own body) and delivers it when
// its case needs it. Jobs meant to stay open run on `OFFLINE` (they wait for a robot; one sandbox second is a real
// one here, so the 600 s wait never ends during a test) and are moved on with `force`, as Yingdao would move them.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../app';
import { dyArr, dyBroweLogGroup, dyBrowse, powerLogs, user } from '../../db/schema';
import { callbackBody } from '../../sandbox/yingdao/callback';
import { startYingdaoHarness, type Harness } from '../../sandbox/yingdao/testing';
import { contractCall, login, startSandboxedServer, type Backend, type TestServer } from '../../test/harness';
import { yingdaoResolver } from '../bindings';
import type { YdJobStatus } from '../yingdao/types';
import type { PollerDeps } from './poller';

export interface Run {
  runId: string;
  arrId: string;
  runStatus: string;
  errorMsg: string;
}

export interface Delivery {
  status: number;
  body: { code: number; success: boolean; msg: string };
}

export const TENANT = '000000';
export const CALLBACK = '/api/smart-yingdao/callback';
/** A sandbox robot that never comes online: its jobs wait. */
export const OFFLINE = 'sim-offline@sandbox';
/** No such robot in the sandbox: job/start answers 400 (src/sandbox/yingdao/routes-jobs.ts). */
export const GHOST = 'ghost@sandbox';

/**
 * Registers the suite's beforeAll/afterAll and answers the fixture; its fields are set once beforeAll has run.
 * `credential` names the tenant's Yingdao credential, one per test file.
 */
export function runFixture(kind: Backend, credential: { authName: string; accessKeyId: string }) {
  let seq = 0;
  const f = {
    s: undefined as unknown as TestServer,
    h: undefined as unknown as Harness,
    admin: '',
    adminId: 0n,
    deps: undefined as unknown as PollerDeps,
  };
  const call = contractCall(() => f.s);
  const db = () => f.s.handle.db;
  /** A number for the names a case creates, unique in the file. */
  const next = () => ++seq;

  /** A Douyin browse unit of the robot account, made through the contract; its id. */
  async function browseUnit(robot: string): Promise<bigint> {
    const arrName = `浏览账号-${robot}-${next()}`;
    const res = await call('POST', '/api/smart-dy/dy_arr/submit', 'dyArrSubmit', f.admin, {
      arrName,
      robotAccount: robot,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (await db().select().from(dyArr).where(eq(dyArr.arrName, arrName)))[0]!.id;
  }

  /** A browse task over one new unit per robot, made through the contract. */
  async function browseTask(robots: string[], powerPerRun: number) {
    const arrIds: bigint[] = [];
    for (const r of robots) arrIds.push(await browseUnit(r));
    const taskName = `浏览任务-${next()}`;
    const res = await call('POST', '/api/smart-dy/dy_browse/submit', 'dyBrowseSubmit', f.admin, {
      taskName,
      arrIds: arrIds.join(','),
      robotUuid: 'sandbox-app-dy_browse',
      browseMode: 1,
      browseCount: 3,
      powerPerRun,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (await db().select().from(dyBrowse).where(eq(dyBrowse.taskName, taskName)))[0]!.id;
    return { id, arrIds };
  }

  /**
   * Runs `work` next to a second instance of the server on the same database and closes it after: the callback
   * route answers at once and applies the job in the background, and closing the app waits for that work
   * (src/engine/index.ts `Engine.close`), so the test reads the state the deliveries left.
   */
  async function withCallbackApp<T>(
    work: (deliver: (body: unknown) => Promise<Delivery>) => Promise<T>,
  ): Promise<T> {
    const app: FastifyInstance = await buildApp({ db: db(), config: { logger: false } });
    await app.ready();
    try {
      return await work(async (body) => {
        const res = await app.inject({
          method: 'POST',
          url: CALLBACK,
          ...(typeof body === 'string'
            ? { payload: body, headers: { 'content-type': 'application/json' } }
            : { payload: body as object }),
        });
        return { status: res.statusCode, body: res.json() as Delivery['body'] };
      });
    } finally {
      await app.close();
    }
  }

  beforeAll(async () => {
    f.s = await startSandboxedServer(kind);
    // secondMs 1000: a job waiting for the offline robot stays `waiting` for its whole 600 s wait timeout
    f.h = await startYingdaoHarness({ secondMs: 1000, callbackUrl: () => undefined });
    const t = await login(f.s.app);
    f.admin = t.access_token;
    f.adminId = BigInt(t.user_id);
    const auth = await call('POST', '/api/smart-system/yingdao-auth/save', 'yingdaoAuthSave', f.admin, {
      ...credential,
      apiBaseUrl: f.h.yingdaoUrl,
      accessKeySecret: 'sandbox-secret',
    });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    f.deps = { db: db(), yingdao: yingdaoResolver(db(), undefined) };
  });
  afterAll(async () => {
    await f.s?.close();
    await f.h?.close();
  });

  return Object.assign(f, {
    next,
    call,
    db,
    browseUnit,
    browseTask,
    withCallbackApp,
    setPower: (power: number) => db().update(user).set({ power }).where(eq(user.id, f.adminId)),
    power: async () => (await db().select({ p: user.power }).from(user).where(eq(user.id, f.adminId)))[0]!.p,
    /** The power_logs rows of one run, oldest first. */
    ledger: (groupId: bigint | string) =>
      db()
        .select()
        .from(powerLogs)
        .where(eq(powerLogs.bizId, String(groupId)))
        .orderBy(asc(powerLogs.createTime), asc(powerLogs.id)),
    browseGroup: async (id: bigint | string) =>
      (
        await db()
          .select()
          .from(dyBroweLogGroup)
          .where(eq(dyBroweLogGroup.id, BigInt(id)))
      )[0]!,
    /** Fires the browse task by hand (force: the test runs at any hour). */
    triggerBrowse: (id: bigint) =>
      call<{ runs: Run[] }>('POST', '/api/smart-dy/dy_browse/triggerJob', 'dyBrowseTriggerJob', f.admin, {
        id: String(id),
        force: true,
      }),
    /** Moves the sandbox job on, as Yingdao would (no callback is posted). */
    force(jobUuid: string, status: YdJobStatus) {
      expect(f.h.sandbox.forceStatus(jobUuid, status), `sandbox job ${jobUuid} → ${status}`).toBe(true);
    },
    callbackOf: (jobUuid: string) => callbackBody(f.h.sandbox.job(jobUuid)!),
  });
}
