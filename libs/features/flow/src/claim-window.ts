// Which claim-list rows the leave handle page asks for (LeavePages.tsx `Decision`).

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The claim-list filter of the second a task was created in (`beginDate` inclusive, `endDate` exclusive): the list
 * is paged and has no task filter (openapi/paths/smart-flow/work.yaml), so the handle page asks for the few tasks
 * created in that second instead of hoping the task is on the first page. The arithmetic is on the fields alone
 * (UTC), as the server reads both bounds in the same zone.
 */
export function createdWithin(createTime: string): { beginDate?: string; endDate?: string; size: number } {
  const m = DATE_TIME.exec(createTime);
  if (!m) return { size: 100 };
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const next = new Date(Date.UTC(y, mo - 1, d, h, mi, s + 1));
  const endDate =
    `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())} ` +
    `${pad(next.getUTCHours())}:${pad(next.getUTCMinutes())}:${pad(next.getUTCSeconds())}`;
  return { beginDate: createTime, endDate, size: 100 };
}
