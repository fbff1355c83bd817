/**
 * Active windows (`HH:mm`–`HH:mm`, docs/automation-domain.md §1.1: platforms punish 3 a.m. activity) in server
 * local time, like every time the server shows. An empty bound means "no window"; a window whose end is before its
 * start runs over midnight (22:00–02:00).
 */
const minutes = (hhmm: string): number | undefined => {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};

export function inWindow(start: string, end: string, now: Date): boolean {
  const s = minutes(start);
  const e = minutes(end);
  if (s === undefined || e === undefined || s === e) return true;
  const t = now.getHours() * 60 + now.getMinutes();
  return s < e ? t >= s && t < e : t >= s || t < e;
}
