/**
 * The sandbox's token, robot, group and app operations (docs/automation-domain.md §3.1): token/create (GET with a
 * query, or POST with a query, a form or JSON), client/list, client/query, client/group/list, the app list and
 * queryRobotParam, over the fixed robots, groups and apps of model.ts.
 */
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../util';
import { badAnswer, okAnswer, operation, pageOf, text, type CallContext } from './http';
import { APP_INPUTS, APP_OUTPUTS, APPS, GROUPS, type SimApp, type SimRobot } from './model';
import type { YingdaoSandbox } from './sandbox';

const D = '/oapi/dispatch/v2';
/** The day the sandbox apps say they were published (any fixed date: the list is the same on every start). */
const PUBLISHED = formatDateTime(new Date(2025, 0, 6, 10, 0, 0));

export function robotStatus(r: SimRobot): 'offline' | 'running' | 'idle' {
  return !r.online ? 'offline' : r.busyWith ? 'running' : 'idle';
}

function robotView(r: SimRobot, withRemark = false) {
  return {
    robotClientUuid: r.robotClientUuid,
    robotClientName: r.accountName,
    status: robotStatus(r),
    description: r.description,
    windowsUserName: r.windowsUserName,
    clientIp: r.clientIp,
    machineName: r.machineName,
    ...(withRemark ? { remark: `沙箱模拟机器人: ${r.description}` } : {}),
  };
}

function appView(a: SimApp) {
  return {
    appId: a.appId,
    appName: a.appName,
    appType: 'app',
    ownerName: '沙箱管理员',
    ownerAccount: 'admin@sandbox',
    version: '1.0.0',
    supportParam: true,
    createTime: PUBLISHED,
    updateTime: PUBLISHED,
    icon: '',
  };
}

const PARAM_TEXT: Readonly<Record<string, string>> = {
  taskType: '任务类型',
  taskId: '任务编号',
  groupId: '运行批次编号',
  runToken: '运行令牌',
  apiBase: '服务器地址',
  successCount: '成功数',
  failCount: '失败数',
  skipCount: '跳过数',
  message: '结果说明',
};

function token(sb: YingdaoSandbox, c: CallContext) {
  const accessKeyId = text(c.body.accessKeyId) || text(c.query.accessKeyId);
  const accessKeySecret = text(c.body.accessKeySecret) || text(c.query.accessKeySecret);
  if (!accessKeyId || !accessKeySecret) return badAnswer('accessKeyId和accessKeySecret不能为空');
  if (!sb.options.isValidKey(accessKeyId, accessKeySecret)) {
    return badAnswer('accessKeyId或accessKeySecret错误,请用企业管理员登录后台核对');
  }
  return okAnswer(sb.issueToken(accessKeyId));
}

export function registerMiscRoutes(scope: FastifyInstance, sb: YingdaoSandbox): void {
  operation(scope, sb, ['GET', 'POST'], '/oapi/token/v2/token/create', (c) => token(sb, c), false);

  operation(scope, sb, 'POST', `${D}/client/list`, ({ body: b }) => {
    const key = text(b.key).toLowerCase();
    const rows = sb.robots
      .filter(
        (r) =>
          (!text(b.status) || robotStatus(r) === text(b.status)) &&
          (!key || r.accountName.toLowerCase().includes(key) || r.machineName.toLowerCase().includes(key)) &&
          (!text(b.robotClientGroupUuid) || r.groupUuid === text(b.robotClientGroupUuid)),
      )
      .map((r) => robotView(r));
    const { list, page } = pageOf(rows, b);
    return okAnswer(list, page);
  });

  operation(scope, sb, 'POST', `${D}/client/query`, ({ body: b }) => {
    const name = text(b.accountName);
    const uuid = text(b.robotClientUuid);
    if (!name && !uuid) return badAnswer('accountName和robotClientUuid不能同时为空');
    const r = sb.robots.find((x) => (uuid ? x.robotClientUuid === uuid : x.accountName === name));
    return r ? okAnswer(robotView(r, true)) : badAnswer('机器人不存在');
  });

  operation(scope, sb, 'POST', `${D}/client/group/list`, ({ body: b }) => {
    const key = text(b.key);
    const { list, page } = pageOf(
      GROUPS.filter((g) => !key || g.robotClientGroupName.includes(key)),
      b,
    );
    return okAnswer(list, page);
  });

  operation(scope, sb, 'POST', '/oapi/app/open/query/list', ({ body: b }) => {
    const name = text(b.appName);
    const rows = APPS.filter(
      (a) => (!text(b.appId) || a.appId === text(b.appId)) && (!name || a.appName.includes(name)),
    ).map(appView);
    const { list, page } = pageOf(rows, b);
    return okAnswer(list, page);
  });

  operation(scope, sb, 'GET', '/oapi/robot/v2/queryRobotParam', ({ query: q }) => {
    const uuid = text(q.robotUuid);
    const name = text(q.accurateRobotName);
    if (!uuid && !name) return badAnswer('robotUuid和accurateRobotName不能同时为空');
    const app = APPS.find((a) => (uuid ? a.appId === uuid : a.appName === name));
    if (!app) return badAnswer('应用不存在或未发布');
    const def = (direction: 'In' | 'Out') => (n: string) => ({
      name: n,
      direction,
      type: n.endsWith('Count') ? 'int' : 'str',
      value: '',
      description: PARAM_TEXT[n] ?? '',
      kind: 'normal',
    });
    return okAnswer({ inputParams: APP_INPUTS.map(def('In')), outputParams: APP_OUTPUTS.map(def('Out')) });
  });
}
