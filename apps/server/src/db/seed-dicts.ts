/**
 * System dictionaries the contract references (`x-dict: <code>` on a field) that the base seed and the
 * system-modules step do not provide: the automation, billing, drawing and scheduler modules. Keys are the field's
 * enum values as strings (an empty-string enum value means "not set" and stays unlabelled, and -1 cannot be an item
 * key because the header row holds it); labels follow each
 * field's description and the state machines of docs/automation-domain.md §4.
 *
 * The rows carry only what the existing seeds carry (`[key, label, remark]`, no English in the database); the
 * English labels are exported separately (`contractDictEn`) for the console.
 *
 * Ids are fixed: header `CONTRACT_DICT_BASE + index * 1000`, item j at header + j + 1. Append new codes and items
 * at the end only; never reorder, so an upgraded database finds the same rows.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from './index';
import { dict } from './schema';
import type { SeedDict } from './seed-data';

export const CONTRACT_DICT_BASE = 1800000000000000000n;

interface DictDecl {
  code: string;
  zh: string;
  en: string;
  items: [key: string, zh: string, en: string][];
}

const DECLS: DictDecl[] = [
  {
    code: 'ai_provider',
    zh: 'AI服务商',
    en: 'AI provider',
    items: [
      ['openai', 'OpenAI', 'OpenAI'],
      ['linkai', 'LinkAI', 'LinkAI'],
      ['deepseek', 'DeepSeek', 'DeepSeek'],
      ['qwen', '通义千问', 'Qwen'],
      ['other', '其他', 'Other'],
    ],
  },
  {
    code: 'balance_biz_type',
    zh: '余额业务类型',
    en: 'Balance business type',
    items: [
      ['ORDER', '订单', 'Order'],
      ['GRANT', '赠送', 'Grant'],
      ['COMMISSION', '佣金', 'Commission'],
      ['REFUND', '退款', 'Refund'],
      ['CONSUME', '消费', 'Consume'],
      ['ADJUST', '人工调整', 'Manual adjustment'],
      ['XSH_BROWSE_RUN', '小红书浏览任务', 'Xiaohongshu browse run'],
      ['SPH_BROWSE_RUN', '视频号浏览任务', 'Channels browse run'],
    ],
  },
  {
    code: 'balance_change_type',
    zh: '余额变动类型',
    en: 'Balance change type',
    items: [
      ['1', '充值', 'Recharge'],
      ['2', '消费', 'Consume'],
      ['3', '退款', 'Refund'],
      ['4', '赠送', 'Grant'],
      ['5', '佣金', 'Commission'],
      ['6', '调整', 'Adjust'],
    ],
  },
  {
    code: 'cron_interval_status',
    zh: '执行间隔状态',
    en: 'Interval status',
    items: [
      ['OK', '正常', 'OK'],
      ['TOO_FREQUENT', '过于频繁', 'Too frequent'],
      ['INVALID', '表达式无效', 'Invalid'],
      ['NEVER_FIRES', '不会触发', 'Never fires'],
    ],
  },
  {
    code: 'email_biz_type',
    zh: '邮件业务类型',
    en: 'Email business type',
    items: [
      ['MJ_RESULT', '绘图结果', 'Drawing result'],
      ['ORDER_RECEIPT', '订单回执', 'Order receipt'],
      ['ALERT', '告警', 'Alert'],
      ['OTHER', '其他', 'Other'],
    ],
  },
  {
    code: 'email_send_status',
    zh: '邮件发送状态',
    en: 'Email send status',
    items: [
      ['0', '待发送', 'Pending'],
      ['1', '已发送', 'Sent'],
      ['2', '发送失败', 'Failed'],
    ],
  },
  {
    code: 'grant_status',
    zh: '赠送状态',
    en: 'Grant status',
    items: [
      ['1', '生效', 'Effective'],
      ['2', '已撤销', 'Revoked'],
    ],
  },
  {
    code: 'grant_type',
    zh: '赠送类型',
    en: 'Grant type',
    items: [
      ['1', '算力', 'Compute power'],
      ['2', '余额', 'Balance'],
      ['3', '服务天数', 'Service days'],
      ['4', '机器人额度', 'Robot quota'],
    ],
  },
  {
    code: 'img_biz_type',
    zh: '图片业务类型',
    en: 'Image business type',
    items: [
      ['MJ_TASK', '绘图任务', 'Drawing task'],
      ['COMM_PICTURE', '评论配图', 'Comment picture'],
      ['COVER', '封面', 'Cover'],
      ['OTHER', '其他', 'Other'],
    ],
  },
  {
    code: 'mj_task_status',
    zh: '绘图状态',
    en: 'Drawing status',
    items: [
      ['NOT_START', '未开始', 'Not started'],
      ['SUBMITTED', '已提交', 'Submitted'],
      ['IN_PROGRESS', '绘制中', 'In progress'],
      ['SUCCESS', '成功', 'Success'],
      ['FAILURE', '失败', 'Failure'],
    ],
  },
  {
    code: 'openly_prompt_status',
    zh: '画廊发布状态',
    en: 'Gallery publish status',
    items: [
      ['0', '草稿', 'Draft'],
      ['1', '已发布', 'Published'],
      ['2', '已隐藏', 'Hidden'],
    ],
  },
  {
    code: 'order_product_type',
    zh: '商品类型',
    en: 'Product type',
    items: [
      ['1', '算力套餐', 'Power package'],
      ['2', '会员', 'Membership'],
      ['3', '机器人额度', 'Robot quota'],
      ['4', '卡密购买', 'Card purchase'],
    ],
  },
  {
    code: 'order_status',
    zh: '订单状态',
    en: 'Order status',
    items: [
      ['0', '待支付', 'Unpaid'],
      ['1', '已支付', 'Paid'],
      ['2', '已完成', 'Completed'],
      ['3', '已关闭', 'Closed'],
      ['4', '退款中', 'Refunding'],
      ['5', '已退款', 'Refunded'],
    ],
  },
  {
    code: 'pay_channel',
    zh: '支付渠道',
    en: 'Pay channel',
    items: [
      ['ALIPAY_PC', '支付宝电脑网站', 'Alipay (PC)'],
      ['ALIPAY_QR', '支付宝扫码', 'Alipay QR code'],
      ['WECHAT_NATIVE', '微信扫码', 'WeChat Native'],
      ['BALANCE', '余额支付', 'Balance'],
    ],
  },
  {
    code: 'pay_status',
    zh: '支付状态',
    en: 'Pay status',
    // the contract's -1 (no attempt yet) cannot be an item: dictKey -1 marks the header row, (code, dictKey) is unique
    items: [
      ['0', '待支付', 'Pending'],
      ['1', '支付成功', 'Success'],
      ['2', '已关闭', 'Closed'],
      ['3', '支付失败', 'Failed'],
      ['4', '已退款', 'Refunded'],
    ],
  },
  {
    code: 'platform',
    zh: '平台',
    en: 'Platform',
    items: [
      ['dy', '抖音', 'Douyin'],
      ['xhs', '小红书', 'Xiaohongshu'],
      ['sph', '视频号', 'WeChat Channels'],
      ['mj', 'Midjourney', 'Midjourney'],
    ],
  },
  {
    code: 'power_biz_type',
    zh: '算力业务类型',
    en: 'Power business type',
    items: [
      ['AI_COMMENT', 'AI评论', 'AI comment'],
      ['XSH_COMM_RUN', '小红书评论任务', 'Xiaohongshu comment run'],
      ['DY_BROWSE_RUN', '抖音浏览任务', 'Douyin browse run'],
      ['MJ_PROMPT', 'AI绘图', 'Midjourney drawing'],
      ['ORDER', '订单充值', 'Order'],
      ['CARD', '卡密兑换', 'Card redeem'],
      ['GRANT', '赠送', 'Grant'],
      ['REFERRAL', '推广奖励', 'Referral reward'],
      ['ADJUST', '人工调整', 'Manual adjustment'],
      ['XSH_BROWSE_RUN', '小红书浏览任务', 'Xiaohongshu browse run'],
      ['SPH_BROWSE_RUN', '视频号浏览任务', 'Channels browse run'],
    ],
  },
  {
    code: 'power_change_type',
    zh: '算力变动类型',
    en: 'Power change type',
    items: [
      ['1', '充值', 'Recharge'],
      ['2', '卡密兑换', 'Card redeem'],
      ['3', '赠送', 'Grant'],
      ['4', '推广奖励', 'Referral reward'],
      ['5', '消费', 'Consume'],
      ['6', '退还', 'Refund'],
      ['7', '过期', 'Expire'],
    ],
  },
  {
    code: 'rpa_card_status',
    zh: '卡密状态',
    en: 'Card status',
    items: [
      ['0', '未使用', 'Unused'],
      ['1', '已使用', 'Used'],
      ['2', '已禁用', 'Disabled'],
      ['3', '已过期', 'Expired'],
    ],
  },
  {
    code: 'rpa_card_type',
    zh: '卡密类型',
    en: 'Card type',
    items: [
      ['1', '算力', 'Compute power'],
      ['2', '服务天数', 'Service days'],
      ['3', '机器人额度', 'Robot quota'],
    ],
  },
  {
    code: 'scheduler_concurrent',
    zh: '并发执行',
    en: 'Concurrency',
    items: [
      ['0', '允许', 'Allow'],
      ['1', '禁止', 'Forbid'],
    ],
  },
  {
    code: 'scheduler_job_group',
    zh: '任务分组',
    en: 'Job group',
    // XSH_* and XHS_PUBLISH are both in the contract: the module tables are xsh_comm/xsh_browse but xhs_publish
    items: [
      ['DY_BROWSE', '抖音浏览', 'Douyin browse'],
      ['DY_COMM', '抖音评论', 'Douyin comment'],
      ['DY_PUBLISH', '抖音发布', 'Douyin publish'],
      ['XSH_BROWSE', '小红书浏览', 'Xiaohongshu browse'],
      ['XSH_COMM', '小红书评论', 'Xiaohongshu comment'],
      ['XHS_PUBLISH', '小红书发布', 'Xiaohongshu publish'],
      ['SPH_BROWSE', '视频号浏览', 'WeChat Channels browse'],
      ['DY_LIVE', '抖音直播', 'Douyin live'],
      ['SYSTEM', '系统', 'System'],
    ],
  },
  {
    code: 'scheduler_job_status',
    zh: '任务状态',
    en: 'Job status',
    items: [
      ['0', '正常', 'Normal'],
      ['1', '暂停', 'Paused'],
    ],
  },
  {
    code: 'scheduler_misfire_policy',
    zh: '错过执行策略',
    en: 'Misfire policy',
    items: [
      ['0', '默认', 'Default'],
      ['1', '立即执行', 'Fire now'],
      ['2', '执行一次', 'Fire once'],
      ['3', '放弃执行', 'Do nothing'],
    ],
  },
  {
    code: 'scheduler_run_status',
    zh: '执行状态',
    en: 'Run status',
    items: [
      ['0', '成功', 'Success'],
      ['1', '失败', 'Fail'],
    ],
  },
  {
    code: 'scheduler_trigger_type',
    zh: '触发方式',
    en: 'Trigger',
    items: [
      ['1', '定时触发', 'Cron'],
      ['2', '手动触发', 'Manual'],
    ],
  },
  {
    code: 'yd_account_type',
    zh: '影刀账号类型',
    en: 'Yingdao account type',
    items: [
      ['basic', '基础版', 'Basic'],
      ['senior', '高级版', 'Senior'],
    ],
  },
  {
    code: 'yd_develop_level',
    zh: '推广层级',
    en: 'Referral level',
    items: [
      ['1', '直接推广', 'Direct'],
      ['2', '间接推广', 'Indirect'],
    ],
  },
  {
    code: 'yd_member_level',
    zh: '会员等级',
    en: 'Member level',
    items: [
      ['0', '免费用户', 'Free'],
      ['1', '基础会员', 'Basic'],
      ['2', '专业会员', 'Pro'],
    ],
  },
  {
    code: 'yd_user_source',
    zh: '用户来源',
    en: 'User source',
    items: [
      ['1', '后台创建', 'Created in the console'],
      ['2', '自主注册', 'Self-registered'],
      ['3', '邀请注册', 'Invited'],
      ['4', '卡密兑换', 'Card redeem'],
    ],
  },
  // the enums of the content platforms' patterns (openapi/schemas/business/patterns.yaml), labelled for the pages
  {
    code: 'enable_status',
    zh: '启用状态',
    en: 'Enable state',
    items: [
      ['0', '停用', 'Disabled'],
      ['1', '启用', 'Enabled'],
    ],
  },
  {
    code: 'login_status',
    zh: '登录状态',
    en: 'Login state',
    items: [
      ['0', '已失效', 'Expired'],
      ['1', '已登录', 'Logged in'],
      ['2', '待验证', 'Needs verification'],
    ],
  },
  {
    code: 'robot_status',
    zh: '机器人状态',
    en: 'Robot state',
    items: [
      ['connected', '已连接', 'Connected'],
      ['idle', '空闲', 'Idle'],
      ['allocated', '已分配', 'Allocated'],
      ['running', '运行中', 'Running'],
      ['offline', '离线', 'Offline'],
    ],
  },
  {
    code: 'run_status',
    zh: '运行状态',
    en: 'Run state',
    items: [
      ['PENDING', '待启动', 'Pending'],
      ['SKIPPED', '已跳过', 'Skipped'],
      ['START_FAILED', '启动失败', 'Start failed'],
      ['WAITING', '排队中', 'Waiting'],
      ['RUNNING', '运行中', 'Running'],
      ['STOPPING', '停止中', 'Stopping'],
      ['SUCCESS', '成功', 'Success'],
      ['FAILED', '失败', 'Failed'],
      ['STOPPED', '已停止', 'Stopped'],
      ['CANCELLED', '已取消', 'Cancelled'],
      ['TIMEOUT', '超时', 'Timed out'],
    ],
  },
  {
    code: 'yd_job_status',
    zh: '影刀作业状态',
    en: 'Yingdao job state',
    items: [
      ['created', '已创建', 'Created'],
      ['waiting', '等待中', 'Waiting'],
      ['running', '运行中', 'Running'],
      ['stopping', '停止中', 'Stopping'],
      ['finish', '已完成', 'Finished'],
      ['stopped', '已停止', 'Stopped'],
      ['error', '出错', 'Error'],
      ['skipped', '已跳过', 'Skipped'],
      ['cancel', '已取消', 'Cancelled'],
    ],
  },
  {
    code: 'run_trigger_type',
    zh: '触发方式',
    en: 'Trigger',
    items: [
      ['1', '定时', 'Cron'],
      ['2', '手动', 'Manual'],
      ['3', '重试', 'Retry'],
      ['4', '接口', 'API'],
    ],
  },
  {
    code: 'action_result',
    zh: '执行结果',
    en: 'Result',
    items: [
      ['0', '失败', 'Failed'],
      ['1', '成功', 'Success'],
      ['2', '跳过', 'Skipped'],
    ],
  },
  {
    code: 'url_use_status',
    zh: '使用状态',
    en: 'Use state',
    items: [
      ['0', '未使用', 'Unused'],
      ['1', '已完成', 'Done'],
      ['2', '失败', 'Failed'],
      ['3', '已跳过', 'Skipped'],
    ],
  },
  {
    code: 'target_source',
    zh: '来源',
    en: 'Source',
    items: [
      ['1', '手工录入', 'Entered'],
      ['2', '导入', 'Imported'],
      ['3', '机器人采集', 'Collected by a robot'],
    ],
  },
  {
    code: 'pool_source',
    zh: '来源',
    en: 'Source',
    items: [
      ['1', '手工录入', 'Entered'],
      ['2', '飞书导入', 'Feishu import'],
      ['3', 'AI 生成', 'AI-generated'],
      ['4', 'Excel/JSON 导入', 'Excel/JSON import'],
    ],
  },
  {
    code: 'yd_job_priority',
    zh: '作业优先级',
    en: 'Job priority',
    items: [
      ['high', '高', 'High'],
      ['middle', '中', 'Middle'],
      ['low', '低', 'Low'],
    ],
  },
  {
    code: 'browse_mode',
    zh: '浏览模式',
    en: 'Browse mode',
    items: [
      ['1', '推荐流', 'Recommend feed'],
      ['2', '关键词搜索', 'Keyword search'],
      ['3', '链接列表', 'URL list'],
      ['4', '作者主页', 'Creator homepages'],
    ],
  },
  {
    code: 'note_type',
    zh: '笔记类型',
    en: 'Note type',
    items: [
      ['0', '全部', 'All'],
      ['1', '视频', 'Video'],
      ['2', '图文', 'Image'],
    ],
  },
  {
    code: 'publish_time_range',
    zh: '发布时间',
    en: 'Published within',
    items: [
      ['0', '不限', 'Any time'],
      ['1', '一天内', 'One day'],
      ['7', '一周内', 'One week'],
      ['180', '半年内', 'Half a year'],
    ],
  },
  {
    code: 'comment_source_mode',
    zh: '目标来源',
    en: 'Target source',
    items: [
      ['1', '链接列表', 'URL list'],
      ['2', '关键词搜索', 'Keyword search'],
      ['3', '推荐流', 'Recommend feed'],
    ],
  },
  {
    code: 'comment_mode',
    zh: '评论方式',
    en: 'Comment mode',
    items: [
      ['1', 'AI 评论', 'AI'],
      ['2', '任务话术', 'Task comment pool'],
      ['3', '常用语', 'Shared phrases'],
      ['4', 'AI 优先，话术兜底', 'AI, pools as fallback'],
    ],
  },
  {
    code: 'danmaku_mode',
    zh: '弹幕方式',
    en: 'Danmaku mode',
    items: [
      ['0', '不发弹幕', 'None'],
      ['1', '直播话术', 'Live phrases'],
      ['2', 'AI 弹幕', 'AI'],
    ],
  },
  {
    code: 'live_action',
    zh: '直播动作',
    en: 'Live action',
    items: [
      ['1', '进入直播间', 'Enter'],
      ['2', '弹幕', 'Danmaku'],
      ['3', '点赞', 'Like'],
      ['4', '关注主播', 'Follow'],
      ['5', '离开直播间', 'Leave'],
    ],
  },
  {
    code: 'comment_source',
    zh: '评论来源',
    en: 'Comment source',
    items: [
      ['1', 'AI', 'AI'],
      ['2', '任务话术', 'Task comment pool'],
      ['3', '常用语', 'Shared phrases'],
    ],
  },
  {
    code: 'publish_content_type',
    zh: '内容类型',
    en: 'Content type',
    items: [
      ['1', '视频', 'Video'],
      ['2', '图文', 'Image note'],
    ],
  },
  {
    code: 'publish_status',
    zh: '发布状态',
    en: 'Publish state',
    items: [
      ['0', '待发布', 'Pending'],
      ['1', '已提交', 'Submitted'],
      ['2', '发布中', 'Publishing'],
      ['3', '成功', 'Success'],
      ['4', '失败', 'Failed'],
      ['5', '已取消', 'Cancelled'],
    ],
  },
  {
    code: 'publish_step',
    zh: '发布步骤',
    en: 'Publish step',
    items: [
      ['upload', '上传', 'Upload'],
      ['fill', '填写', 'Fill in'],
      ['cover', '封面', 'Cover'],
      ['schedule', '定时', 'Schedule'],
      ['submit', '提交', 'Submit'],
      ['verify', '校验', 'Verify'],
    ],
  },
  {
    code: 'user_status',
    zh: '用户状态',
    en: 'User status',
    items: [
      ['0', '待审核', 'Pending approval'],
      ['1', '正常', 'Active'],
      ['2', '停用', 'Disabled'],
    ],
  },
  {
    code: 'mj_action',
    zh: '绘图动作',
    en: 'Drawing action',
    items: [
      ['IMAGINE', '绘图', 'Imagine'],
      ['UPSCALE', '放大', 'Upscale'],
      ['VARIATION', '变换', 'Variation'],
      ['REROLL', '重绘', 'Reroll'],
    ],
  },
];

/** The dictionaries as seeded, in the shape of the other system dictionary seeds (`dicts`, `dictsV2`). */
export const contractDicts: (SeedDict & { id: bigint })[] = DECLS.map((d, i) => ({
  id: CONTRACT_DICT_BASE + BigInt(i) * 1000n,
  code: d.code,
  name: d.zh,
  items: d.items.map(([key, zh]): [string, string] => [key, zh]),
}));

/** English labels of the items: code → dictKey → label. */
export const contractDictEn: Record<string, Record<string, string>> = Object.fromEntries(
  DECLS.map((d) => [d.code, Object.fromEntries(d.items.map(([key, , en]) => [key, en]))]),
);

/** English names of the dictionaries: code → name. */
export const contractDictEnNames: Record<string, string> = Object.fromEntries(
  DECLS.map((d) => [d.code, d.en]),
);

export const contractDictsStep = {
  // renamed whenever dictionaries or items are appended, so an upgraded database runs the step again: it skips the
  // codes an operator holds, and adds the new dictionaries and the new items of ours (v2: the content platforms'
  // enums, v3: user status, v4: drawing actions, v5: the Xiaohongshu and Channels browse power types)
  name: 'contract-dicts-v5',
  async run(tx: Db): Promise<void> {
    for (const [i, d] of contractDicts.entries()) {
      // an operator may have created the dictionary already: theirs wins, we add nothing to it
      const [live] = await tx
        .select({ id: dict.id })
        .from(dict)
        .where(and(eq(dict.code, d.code), eq(dict.parentId, 0n), eq(dict.isDeleted, 0)))
        .limit(1);
      if (!live)
        await tx
          .insert(dict)
          .values({
            id: d.id,
            parentId: 0n,
            code: d.code,
            dictKey: '-1',
            dictValue: d.name,
            sort: 200 + i,
            remark: '',
          })
          .onConflictDoNothing();
      // items only under our own header (its id could in theory be held by another row)
      const [header] = await tx
        .select({ id: dict.id })
        .from(dict)
        .where(and(eq(dict.id, d.id), eq(dict.code, d.code), eq(dict.isDeleted, 0)))
        .limit(1);
      if (!header) continue;
      // the keys it has, removed ones included: an item an operator deleted stays deleted
      const had = new Set(
        (await tx.select({ key: dict.dictKey }).from(dict).where(eq(dict.parentId, d.id))).map((r) => r.key),
      );
      const missing = d.items
        .map(([key, label, remark], j) => ({
          id: d.id + BigInt(j + 1),
          parentId: d.id,
          code: d.code,
          dictKey: key,
          dictValue: label,
          sort: j + 1,
          remark: remark ?? '',
        }))
        .filter((item) => !had.has(item.dictKey));
      if (missing.length > 0) await tx.insert(dict).values(missing).onConflictDoNothing();
    }
  },
};
