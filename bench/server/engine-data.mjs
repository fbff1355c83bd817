// The data of `npm run bench:engine` (./engine-bench.mjs): the rows it loads with generate_series, the run token it
// signs itself, the list views it loads and the SQL those views run (for EXPLAIN on PostgreSQL).
import { createHmac, randomBytes } from 'node:crypto';

export const TENANT = '000000';
/** The seeded administrator (apps/server/src/db/seed-data.ts `userAdmin`): creator, hence payer, of the tasks. */
const ADMIN = '1123598821738675201';
const TASKS = 10;
const GROUPS = 100;
const TASK0 = 7200000000000000000n; // + 1..TASKS
const UNIT = 7300000000000000000n; // the unit of the finished runs; + r: the unit (robot) of run in flight r
const GROUP0 = 7400000000000000000n; // + 0..GROUPS-1: the finished runs the seeded logs belong to
const RUN0 = 7500000000000000000n; // + 1..runs: the runs in flight the bench's robots write to
const TREND_RUN0 = 7600000000000000000n; // + 1..trendRows: finished Channels runs of the last 90 days
const TREND_POWER0 = 7700000000000000000n; // + 1..trendRows: power spent over the last 90 days
const LOG0 = 7100000000000000000n;
/** The task of the runs in flight: not the one the list views filter on, so ingestion leaves their counts alone. */
const RUN_TASK = 7200000000000000002n;
const DAY = 86400;

export const taskId = (i) => TASK0 + BigInt(i);
export const runId = (i) => RUN0 + BigInt(i);
/** The task of a finished run: runs cycle through the tasks. */
const groupTask = (k) => taskId(1 + (k % TASKS));

/** A phrase of the comment texts; the keyword view searches the first one (1 row in 8). */
export const PHRASES = [
  '学到了，收藏了',
  '太实用了，已关注',
  '周末就去试试',
  '拍得真好看',
  '支持一下，期待更新',
  '这个价格可以',
  '请问在哪里买的',
  '讲得很清楚',
];
export const KEYWORD = '收藏';

/** base64url key of `smart_server_secret` `run-token` (apps/server/src/kernel/secret-box.ts): the bench's own. */
export const runKey = randomBytes(32).toString('base64url');

/**
 * A run token as apps/server/src/engine/runs/run-token.ts signs it: base64url(`tenant|taskType|groupId|exp`), a
 * dot, and the HMAC-SHA256 (base64url) of that body under the key.
 */
export function runToken(groupId, expSec = Math.floor(Date.now() / 1000) + 3 * 3600) {
  const body = Buffer.from(`${TENANT}|dy_comm|${groupId}|${expSec}`).toString('base64url');
  const mac = createHmac('sha256', Buffer.from(runKey, 'base64url')).update(body).digest('base64url');
  return `${body}.${mac}`;
}

const utcNow = `(now() at time zone 'utc')`; // the server stores UTC wall-clock times (timestamp without zone)

/**
 * The bench's rows for tenant 000000, in SQL: `TASKS` Douyin comment tasks; `GROUPS` finished runs owning `logRows`
 * comment logs (each run a contiguous stretch of the last 30 days, ids rising with time, results 70 % success /
 * 20 % failure / 10 % skipped, 8 comment phrases); `runs` runs in flight (RUNNING, no Yingdao job, so the poller
 * leaves them alone), each on a roster unit (robot) of its own, for the bench's robots; then the run-token key, and
 * vacuum analyze (else autovacuum works through the new rows during the first measurement).
 */
export function seedSql(logRows, runs, trendRows = 0) {
  const n = logRows;
  const spread = (rows) => `${utcNow} - k * interval '${(90 * DAY) / Math.max(1, rows)} seconds'`;
  const audit = `${ADMIN}, ${ADMIN}, ${utcNow}, ${utcNow}`;
  return [
    `insert into smart_dy_comm (id, tenant_id, task_name, comment_mode, create_user, update_user, create_time,
       update_time)
     select ${TASK0} + t, '${TENANT}', 'bench task ' || t, 2, ${audit} from generate_series(1, ${TASKS}) t`,
    `insert into smart_dy_comm_arr (id, tenant_id, arr_name, robot_account, comm_id, create_user, update_user,
       create_time, update_time)
     select ${UNIT} + u, '${TENANT}', 'bench unit ' || u, 'bench-robot-' || u, ${RUN_TASK}, ${audit}
     from generate_series(0, ${runs}) u`,
    `insert into smart_dy_comm_log_group (id, tenant_id, task_name, arr_id, robot_account, run_status, comm_id,
       trigger_time, start_time, end_time, create_user, update_user, create_time, update_time)
     select ${GROUP0} + k, '${TENANT}', 'bench task', ${UNIT}, 'bench-robot-0', 'SUCCESS', ${TASK0} + 1 + k % ${TASKS},
       t, t, t + interval '1 hour', ${ADMIN}, ${ADMIN}, t, t
     from (select k, ${utcNow} - (${GROUPS} - k) * interval '${(30 * DAY) / GROUPS} seconds' as t
           from generate_series(0, ${GROUPS - 1}) k) s`,
    `insert into smart_dy_comm_log_group (id, tenant_id, task_name, arr_id, robot_account, run_status, comm_id,
       trigger_time, start_time, poll_deadline, create_user, update_user, create_time, update_time)
     select ${RUN0} + r, '${TENANT}', 'bench run', ${UNIT} + r, 'bench-robot-' || r, 'RUNNING', ${RUN_TASK},
       ${utcNow}, ${utcNow}, ${utcNow} + interval '25 hours', ${audit}
     from generate_series(1, ${runs}) r`,
    `insert into smart_dy_comm_log (id, tenant_id, group_id, comm_id, arr_id, robot_account, keyword, item_id,
       item_url, item_title, author_name, comment_content, comment_source, is_liked, result, fail_reason,
       comment_time, create_user, update_user, create_time, update_time)
     select ${LOG0} + g, '${TENANT}', ${GROUP0} + k, ${TASK0} + 1 + k % ${TASKS}, ${UNIT}, 'bench-robot-0',
       (array['露营','美食','旅行','数码'])[1 + g % 4], (7280000000000000000 + g)::text,
       'https://www.douyin.com/video/' || (7280000000000000000 + g), '周末露营装备清单 ' || g % 1000, '山野户外',
       (array[${PHRASES.map((p) => `'${p}'`).join(',')}])[1 + g % ${PHRASES.length}] || ' ' || g, 1, g % 2,
       case when g % 10 < 7 then 1 when g % 10 < 9 then 0 else 2 end,
       case when g % 10 between 7 and 8 then '评论被限制' else '' end,
       t, ${ADMIN}, ${ADMIN}, t, t
     from (select g, (g - 1)::bigint * ${GROUPS} / ${n} as k,
                  ${utcNow} - (${n} - g) * interval '${(30 * DAY) / n} seconds' as t
           from generate_series(1, ${n}) g) s`,
    // the dashboard's trends read every task kind's runs and the power ledger of the last days
    `insert into smart_sph_browe_log_group (id, tenant_id, task_name, run_status, success_count, create_user,
       update_user, create_time, update_time)
     select ${TREND_RUN0} + k, '${TENANT}', 'bench run', case when k % 10 = 0 then 'FAILED' else 'SUCCESS' end,
       k % 20, ${ADMIN}, ${ADMIN}, t, t
     from (select k, ${spread(trendRows)} as t from generate_series(1, ${trendRows}) k) s`,
    `insert into smart_power_logs (id, tenant_id, yd_user_id, change_type, power, biz_type, create_user,
       update_user, create_time, update_time)
     select ${TREND_POWER0} + k, '${TENANT}', ${ADMIN}, 5, -(1 + k % 5), 'AI_COMMENT', ${ADMIN}, ${ADMIN}, t, t
     from (select k, ${spread(trendRows)} as t from generate_series(1, ${trendRows}) k) s`,
    // replaces a key the server may have made on an earlier start: no token was signed with it yet
    `insert into smart_server_secret (name, value) values ('run-token', '${runKey}')
     on conflict (name) do update set value = excluded.value`,
    'vacuum analyze',
  ];
}

/** `yyyy-MM-dd HH:mm:ss` in this process's zone, as the list filters read a time (the server's zone: same host). */
function local(d) {
  const p = (v) => String(v).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * The log list views measured (contract openapi/paths/smart-dyComm/dy_comm_log.yaml `list`): the console's default
 * view, and the filters an operator sets — a task's successes of the last week, one run's rows (from the run page),
 * a word of the comment text over the last week, and every filter at once. `where` is the same filter in SQL.
 */
export function listViews(now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * DAY * 1000);
  const later = new Date(now.getTime() + 3600 * 1000);
  const range = { createTime_dategt: local(weekAgo), createTime_datelt: local(later) };
  const rangeSql = `create_time > '${weekAgo.toISOString()}' and create_time < '${later.toISOString()}'`;
  const group = GROUP0 + BigInt(GROUPS - 10); // a run of the last week
  const task = groupTask(GROUPS - 10);
  const views = [
    { name: 'first page (default view)', q: {}, where: '' },
    {
      name: 'task + success + last 7 days',
      q: { commId_equal: String(task), result_equal: '1', ...range },
      where: `comm_id = ${task} and result = 1 and ${rangeSql}`,
    },
    { name: 'one run', q: { groupId_equal: String(group) }, where: `group_id = ${group}` },
    {
      name: `comment contains "${KEYWORD}" + last 7 days`,
      q: { commentContent: KEYWORD, ...range },
      where: `comment_content ilike '%${KEYWORD}%' and ${rangeSql}`,
    },
    {
      name: 'all filters at once',
      q: {
        commId_equal: String(task),
        groupId_equal: String(group),
        result_equal: '1',
        commentContent: KEYWORD,
        ...range,
      },
      where: `comm_id = ${task} and group_id = ${group} and result = 1 and comment_content ilike '%${KEYWORD}%' and ${rangeSql}`,
    },
  ];
  return views.map((v) => ({
    ...v,
    path: `/api/smart-dyComm/dy_comm_log/list?${new URLSearchParams({ current: '1', size: '10', ...v.q })}`,
  }));
}

/**
 * The statements the list handler (apps/server/src/crud/index.ts `page`) runs for a view: the unfiltered view reads
 * its page with the trigger-kept total (src/crud/count.ts) in one statement; a filtered view counts, then pages.
 */
export function viewSql(view) {
  const scope = `tenant_id = '${TENANT}' and is_deleted = 0`;
  const order = 'order by create_time desc, id desc limit 10';
  if (!view.where) {
    return [
      `select *, coalesce((select n from smart_row_count where table_name = 'smart_dy_comm_log'
         and tenant_id = '${TENANT}'), 0) from smart_dy_comm_log where ${scope} ${order}`,
    ];
  }
  const where = `${scope} and ${view.where}`;
  return [
    `select count(*) from smart_dy_comm_log where ${where}`,
    `select * from smart_dy_comm_log where ${where} ${order}`,
  ];
}
