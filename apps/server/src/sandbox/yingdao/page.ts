/**
 * What a person sees of the sandbox Yingdao: `GET /sandbox-yingdao/` says it is a simulation and lists the robots and
 * the recent jobs (refreshing itself, so a run is seen going waiting → running → finished), and a failed job's
 * "screenshot" is a small SVG naming the failure. Everything shown is escaped.
 */
import { formatDateTime } from '../../util';
import { APPS, GROUPS, STATUS_NAMES, YINGDAO_SANDBOX_PREFIX, type SimJob } from './model';
import { robotStatus } from './routes-misc';
import type { YingdaoSandbox } from './sandbox';
import { escapeHtml as esc } from '../../util';

const ROBOT_STATUS: Readonly<Record<string, string>> = { idle: '空闲', running: '运行中', offline: '离线' };
const RECENT_JOBS = 50;

const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`;

function jobRow(j: SimJob): string {
  const cb = j.callback.url
    ? j.callback.delivered
      ? `已送达(${j.callback.attempts}次)`
      : `未送达(${j.callback.attempts}次${j.callback.lastError ? `: ${j.callback.lastError}` : ''})`
    : '未配置';
  return row([
    j.jobUuid,
    j.robotName,
    j.robot?.accountName ?? (j.accountName || '机器人组'),
    STATUS_NAMES[j.status],
    `${j.counts.success} / ${j.counts.fail} / ${j.counts.skip}`,
    j.remark,
    formatDateTime(j.triggerTime),
    formatDateTime(j.endTime),
    cb,
  ]);
}

export function homePage(sb: YingdaoSandbox): string {
  const groupName = (uuid: string) =>
    GROUPS.find((g) => g.robotClientGroupUuid === uuid)?.robotClientGroupName ?? '';
  const robots = sb.robots
    .map((r) =>
      row([
        r.accountName,
        groupName(r.groupUuid),
        ROBOT_STATUS[robotStatus(r)] ?? '',
        r.busyWith ?? '',
        r.description,
      ]),
    )
    .join('');
  const jobs = [...sb.jobs.values()]
    .sort((a, b) => b.id - a.id)
    .slice(0, RECENT_JOBS)
    .map(jobRow)
    .join('');
  const apps = APPS.map((a) => row([a.appName, a.code, a.appId])).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="3">
<title>影刀沙箱</title><style>
body{font-family:system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem}h2{font-size:1rem;margin-top:1.5rem}.muted{color:#6b7280;font-size:.875rem}
.banner{background:#fef3c7;padding:.5rem .75rem;border-radius:.4rem;font-size:.875rem}
table{border-collapse:collapse;width:100%;font-size:.8rem}td,th{border-bottom:1px solid #e5e7eb;padding:.3rem;text-align:left;vertical-align:top}
code{background:#f3f4f6;padding:0 .25rem;border-radius:.2rem}
</style></head><body>
<p class="banner">影刀沙箱 · 模拟的影刀 RPA 调度接口与机器人,不连接真实影刀 (simulated Yingdao: no real robot runs)</p>
<h1>影刀沙箱</h1>
<p class="muted">接口地址 <code>${esc(sb.publicBase ?? `<服务器地址>${YINGDAO_SANDBOX_PREFIX}`)}</code>;
AccessKeyId 以 <code>sandbox</code> 开头(如 <code>sandbox-demo</code>),AccessKeySecret 为 <code>sandbox-secret</code>。
机器人执行任务时调用任务参数 apiBase 指向的机器人接口。本页每3秒刷新。</p>
<h2>机器人</h2>
<table><tr><th>账号</th><th>分组</th><th>状态</th><th>当前任务</th><th>场景</th></tr>${robots}</table>
<h2>最近任务</h2>
<table><tr><th>任务编号</th><th>应用</th><th>机器人</th><th>状态</th><th>成功 / 失败 / 跳过</th><th>备注</th><th>触发时间</th><th>结束时间</th><th>回调</th></tr>${
    jobs || '<tr><td colspan="9" class="muted">暂无任务</td></tr>'
  }</table>
<h2>应用</h2>
<table><tr><th>名称</th><th>任务类型</th><th>robotUuid</th></tr>${apps}</table>
</body></html>`;
}

/** The failed job's "screenshot": what went wrong, drawn as text. */
export function screenshotSvg(job: SimJob | undefined): string {
  const lines = job
    ? [`${job.robot?.accountName ?? ''} · ${job.robotName}`, job.remark || STATUS_NAMES[job.status]]
    : ['任务不存在'];
  const text = lines
    .map((l, i) => `<text x="24" y="${64 + i * 36}" font-size="${i === 0 ? 18 : 24}">${esc(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
<rect width="640" height="160" fill="#fff7ed" stroke="#fdba74"/><text x="24" y="30" font-size="14" fill="#9a3412">影刀沙箱 · 模拟截图</text>${text}</svg>`;
}
