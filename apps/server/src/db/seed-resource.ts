/**
 * Seed step of the resource and desk modules: per tenant, the built-in local object storage config (active), the
 * built-in log SMS config (active) and a few notices. Fixed ids, inserted with ON CONFLICT DO NOTHING (a tenant's
 * own config holding the code, or an already active one, wins).
 */
import type { Db } from './index';
import { notice, oss, sms } from './schema';
import { ADMIN_TENANT, DEMO_TENANT, SEED_IDS } from './seed-data';

const TENANTS = [
  { tenantId: ADMIN_TENANT, base: 1900000000000000000n, user: SEED_IDS.userAdmin, dept: SEED_IDS.deptAdmin },
  {
    tenantId: DEMO_TENANT,
    base: 1900000000000001000n,
    user: SEED_IDS.userDemoAdmin,
    dept: SEED_IDS.deptDemo,
  },
];

const NOTICES: { title: string; category: number; daysAgo: number; content: string }[] = [
  {
    title: '欢迎使用智能控制台',
    category: 1,
    daysAgo: 0,
    content: '<p>控制台已就绪。请在「资源管理」中配置对象存储与短信服务。</p>',
  },
  {
    title: '关于年度体检的通知',
    category: 6,
    daysAgo: 3,
    content: '<p>请全体员工于本周五前完成年度体检。</p>',
  },
  {
    title: '系统维护公告',
    category: 4,
    daysAgo: 10,
    content: '本周日 02:00–04:00 系统维护，届时服务可能短暂不可用。',
  },
];

export const resourceSeedStep = {
  name: 'resource-modules',
  async run(tx: Db): Promise<void> {
    const now = Date.now();
    for (const t of TENANTS) {
      const audit = { createUser: t.user, createDept: t.dept, updateUser: t.user };
      await tx
        .insert(oss)
        .values({
          id: t.base + 1n,
          tenantId: t.tenantId,
          category: 1,
          ossCode: 'local',
          endpoint: 'local',
          accessKey: 'local',
          secretKey: 'local',
          bucketName: 'local',
          remark: '内置本地存储: 文件保存在服务器磁盘 (UPLOAD_DIR)',
          status: 2,
          ...audit,
        })
        .onConflictDoNothing();
      await tx
        .insert(sms)
        .values({
          id: t.base + 2n,
          tenantId: t.tenantId,
          category: 1,
          smsCode: 'log',
          templateId: 'log',
          accessKey: 'log',
          secretKey: 'log',
          signName: '智能控制台',
          remark: '内置日志短信: 不真正发送, 只写入服务器日志',
          status: 2,
          ...audit,
        })
        .onConflictDoNothing();
      await tx
        .insert(notice)
        .values(
          NOTICES.map((n, i) => ({
            id: t.base + 10n + BigInt(i),
            tenantId: t.tenantId,
            title: n.title,
            category: n.category,
            releaseTime: new Date(now - n.daysAgo * 24 * 3600 * 1000),
            content: n.content,
            ...audit,
          })),
        )
        .onConflictDoNothing();
    }
  },
};
