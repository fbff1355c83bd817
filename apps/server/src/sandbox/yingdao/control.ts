/**
 * `POST /sandbox-yingdao/_control`: steering the sandbox from tests and demos without code (the same as the
 * YingdaoSandbox methods). Body `{action, …}`:
 * - `rateLimit` `{count, retryAfterSec?, mode?: 'http'|'code', path?}` — the next `count` matching calls answer 429;
 * - `expireTokens` — every issued token answers 401 from now on;
 * - `setStatus` `{jobUuid, status, remark?}` — a terminal status ends the job now, callback included;
 * - `robotOnline` `{accountName, online}` — takes a robot offline or back online.
 */
import { YD_JOB_STATUSES, type YdJobStatus } from '../../engine/yingdao/types';
import { badAnswer, okAnswer, text, type Answer, type Obj } from './http';
import type { YingdaoSandbox } from './sandbox';

export function control(sb: YingdaoSandbox, b: Obj): Answer {
  switch (b.action) {
    case 'rateLimit': {
      const count = b.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000) {
        return badAnswer('count须为1~1000的整数');
      }
      const retryAfterSec = b.retryAfterSec;
      if (retryAfterSec !== undefined && (typeof retryAfterSec !== 'number' || !(retryAfterSec >= 0))) {
        return badAnswer('retryAfterSec须为非负数');
      }
      if (b.mode !== undefined && b.mode !== 'http' && b.mode !== 'code')
        return badAnswer('mode须为http或code');
      sb.injectRateLimit(count, { retryAfterSec, mode: b.mode, path: text(b.path) || undefined });
      return okAnswer({ count });
    }
    case 'expireTokens':
      sb.expireTokens();
      return okAnswer(null);
    case 'setStatus': {
      const status = b.status as YdJobStatus;
      if (!YD_JOB_STATUSES.includes(status)) return badAnswer('status取值错误');
      const done = sb.forceStatus(text(b.jobUuid), status, text(b.remark) || undefined);
      return done ? okAnswer(null) : badAnswer('任务不存在或已结束');
    }
    case 'robotOnline':
      if (typeof b.online !== 'boolean') return badAnswer('online须为布尔值');
      return sb.setRobotOnline(text(b.accountName), b.online) ? okAnswer(null) : badAnswer('机器人不存在');
    default:
      return badAnswer('未知的控制指令(rateLimit、expireTokens、setStatus、robotOnline)');
  }
}
