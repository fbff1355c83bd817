/**
 * The run token a job's parameters carry to the robot (openapi.yaml security scheme `runToken`): it names the
 * tenant, the task module and the run (log group), and expires with the run's deadline. Signed with a key of the
 * server's own (`smart_server_secret` `run-token`, through SecretBox.mac), so any instance on the database checks
 * it without a lookup; a run that has ended is refused by the handlers, which read the run anyway.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index';
import { SecretBox } from '../../kernel/secret-box';
import { isTaskType, type TaskType } from './task-kinds';

export interface RunClaims {
  tenantId: string;
  taskType: TaskType;
  groupId: bigint;
  /** Expiry, epoch seconds. */
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    run?: RunClaims;
  }
}

export class RunTokens {
  private readonly box: SecretBox;

  constructor(db: Db) {
    this.box = new SecretBox(db, 'run-token');
  }

  async sign(c: RunClaims): Promise<string> {
    const body = Buffer.from(`${c.tenantId}|${c.taskType}|${c.groupId}|${c.exp}`).toString('base64url');
    return `${body}.${await this.box.mac(body)}`;
  }

  /** The claims of a valid, unexpired token; undefined otherwise. */
  async verify(token: string, now = new Date()): Promise<RunClaims | undefined> {
    const [body, mac] = token.split('.');
    if (!body || !mac || token.length > 512) return undefined;
    const expected = Buffer.from(await this.box.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [tenantId, taskType, groupId, exp] = Buffer.from(body, 'base64url').toString('utf8').split('|');
    if (!tenantId || !taskType || !isTaskType(taskType) || !groupId || !/^[0-9]{1,20}$/.test(groupId))
      return undefined;
    const expSec = Number(exp);
    if (!Number.isInteger(expSec) || expSec * 1000 <= now.getTime()) return undefined;
    return { tenantId, taskType, groupId: BigInt(groupId), exp: expSec };
  }

  /** The security handler of `runToken` (`Authorization: Bearer <token>`); 401 otherwise. */
  handler() {
    return async (req: FastifyRequest) => {
      const header = req.headers.authorization ?? '';
      const m = /^bearer\s+(\S+)$/i.exec(header);
      const claims = m ? await this.verify(m[1]!) : undefined;
      if (!claims) throw Object.assign(new Error('运行令牌无效或已过期'), { statusCode: 401 });
      req.run = claims;
    };
  }
}
