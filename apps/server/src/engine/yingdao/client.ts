/**
 * The client of Yingdao's open API (docs/automation-domain.md §3.1): job start (with an idempotency uuid), query,
 * stop, retry and list; robots, robot groups, apps and an app's parameters. Tokens, 401 refresh, 429 back-off and
 * timeouts are ./transport.ts's. Every failure is a YingdaoError; inputs Yingdao would refuse are refused here
 * first (kind `input`), without a request.
 */
import * as read from './normalize';
import { YingdaoTransport, type YingdaoClientOptions } from './transport';
import {
  YD_PARAM_TYPES,
  YingdaoError,
  type ListJobsQuery,
  type Page,
  type StartJobInput,
  type StartJobResult,
  type YdApp,
  type YdJob,
  type YdJobPage,
  type YdRobotClient,
  type YdRobotClientGroup,
  type YdRobotParams,
} from './types';

export type { YingdaoClientOptions } from './transport';

/** §3.1: waitTimeoutSeconds and runTimeout are 60–950400 s; params total about 8000–10000 characters. */
const TIMEOUT_RANGE = [60, 950_400] as const;
const PARAMS_MAX_CHARS = 8_000;

const inputError = (msg: string) =>
  new YingdaoError({ code: 400, httpStatus: 0, msg, retriable: false, kind: 'input' });

/** Drops undefined fields, so the JSON carries only what the caller set. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkStart(i: StartJobInput): void {
  if (!i.robotUuid?.trim()) throw inputError('缺少影刀应用 robotUuid');
  if (!i.accountName?.trim() && !i.robotClientGroupUuid?.trim()) {
    throw inputError('请指定机器人账号 accountName 或机器人分组 robotClientGroupUuid');
  }
  if (!i.idempotentUuid || i.idempotentUuid.length > 36)
    throw inputError('幂等编号 idempotentUuid 须为1~36个字符');
  for (const [name, v] of [
    ['waitTimeoutSeconds', i.waitTimeoutSeconds],
    ['runTimeout', i.runTimeout],
  ] as const) {
    if (v !== undefined && (!Number.isInteger(v) || v < TIMEOUT_RANGE[0] || v > TIMEOUT_RANGE[1])) {
      throw inputError(`${name} 须为 ${TIMEOUT_RANGE[0]}~${TIMEOUT_RANGE[1]} 秒`);
    }
  }
  let chars = 0;
  for (const p of i.params) {
    if (!p.name || typeof p.value !== 'string' || !YD_PARAM_TYPES.includes(p.type)) {
      throw inputError(`应用参数格式错误: ${p.name || '(无名称)'}`);
    }
    chars += p.name.length + p.value.length;
  }
  if (chars > PARAMS_MAX_CHARS) throw inputError(`应用参数总长度超过 ${PARAMS_MAX_CHARS} 个字符`);
}

export class YingdaoClient {
  private readonly t: YingdaoTransport;

  constructor(options: YingdaoClientOptions) {
    this.t = new YingdaoTransport(options);
  }

  /** A valid access token (cached, or created now): also the "test connection" of a credential. */
  accessToken(): Promise<string> {
    return this.t.accessToken();
  }

  async startJob(input: StartJobInput): Promise<StartJobResult> {
    checkStart(input);
    const env = await this.t.request<{ jobUuid?: unknown; idempotentFlag?: unknown }>({
      method: 'POST',
      path: '/oapi/dispatch/v2/job/start',
      auth: true,
      body: defined({
        robotUuid: input.robotUuid,
        accountName: input.accountName || undefined,
        robotClientGroupUuid: input.robotClientGroupUuid || undefined,
        executeScope: input.robotClientGroupUuid ? input.executeScope : undefined,
        idempotentUuid: input.idempotentUuid,
        waitTimeoutSeconds: input.waitTimeoutSeconds,
        runTimeout: input.runTimeout,
        priority: input.priority,
        params: input.params,
      }),
    });
    const jobUuid = env.data?.jobUuid;
    if (typeof jobUuid !== 'string' || jobUuid === '') {
      throw new YingdaoError({
        code: env.code,
        httpStatus: 200,
        msg: '影刀启动任务接口未返回 jobUuid',
        retriable: false,
        kind: 'protocol',
      });
    }
    return { jobUuid, idempotentFlag: env.data.idempotentFlag === true };
  }

  async queryJob(jobUuid: string): Promise<YdJob> {
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/job/query',
      auth: true,
      body: { jobUuid },
    });
    return read.job(env.data);
  }

  /** No effect on a job that already ended (§3.1). */
  async stopJob(jobUuid: string): Promise<void> {
    await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/job/stop',
      auth: true,
      body: { jobUuid },
    });
  }

  /**
   * Runs an `error`/`stopped` job again (§3.1). The public docs answer only `{code, success}`; when Yingdao (or the
   * sandbox) names the new run, `jobUuid` carries it.
   */
  async retryJob(jobUuid: string): Promise<{ jobUuid: string | undefined }> {
    const env = await this.t.request<{ jobUuid?: unknown } | null>({
      method: 'POST',
      path: '/oapi/dispatch/v2/job/retry',
      auth: true,
      body: { jobUuid },
    });
    const next = env.data?.jobUuid;
    return { jobUuid: typeof next === 'string' && next !== '' ? next : undefined };
  }

  async listJobs(query: ListJobsQuery = {}): Promise<YdJobPage> {
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/job/list',
      auth: true,
      body: defined({ ...query, size: query.size ?? 20, queryApi: true }),
    });
    return read.jobPage(env.data);
  }

  async listClients(
    query: {
      status?: string;
      key?: string;
      robotClientGroupUuid?: string;
      page?: number;
      size?: number;
    } = {},
  ): Promise<Page<YdRobotClient>> {
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/client/list',
      auth: true,
      body: defined({ ...query, page: query.page ?? 1, size: query.size ?? 20 }),
    });
    return read.page(env.data, env.page, read.robotClient);
  }

  async queryClient(by: { accountName: string } | { robotClientUuid: string }): Promise<YdRobotClient> {
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/client/query',
      auth: true,
      body: by,
    });
    return read.robotClient(env.data);
  }

  async listClientGroups(
    query: { key?: string; page?: number; size?: number } = {},
  ): Promise<Page<YdRobotClientGroup>> {
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/dispatch/v2/client/group/list',
      auth: true,
      body: defined({ ...query, page: query.page ?? 1, size: query.size ?? 20 }),
    });
    return read.page(env.data, env.page, read.robotClientGroup);
  }

  async listApps(
    query: {
      appId?: string;
      appName?: string;
      ownerUserSearchKey?: string;
      page?: number;
      size?: number;
    } = {},
  ): Promise<Page<YdApp>> {
    const size = Math.min(100, query.size ?? 20);
    const env = await this.t.request({
      method: 'POST',
      path: '/oapi/app/open/query/list',
      auth: true,
      body: defined({ ...query, page: query.page ?? 1, size }),
    });
    return read.page(env.data, env.page, read.app);
  }

  /** The input/output parameters of a published app (§3.1 "Apps"). */
  async queryRobotParam(by: { robotUuid: string } | { accurateRobotName: string }): Promise<YdRobotParams> {
    const env = await this.t.request({
      method: 'GET',
      path: '/oapi/robot/v2/queryRobotParam',
      auth: true,
      query: 'robotUuid' in by ? { robotUuid: by.robotUuid } : { accurateRobotName: by.accurateRobotName },
    });
    return read.robotParams(env.data);
  }
}
