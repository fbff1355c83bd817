type T = (key: string, options?: Record<string, unknown>) => string;

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/**
 * A gap in seconds as an operator reads it: its two largest non-zero units (`1 小时 30 分钟`, `45 秒`), through the
 * catalogue's `automation.unit.*`.
 */
export function formatGap(seconds: number, t: T): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(t(`automation.unit.${unit}`, { count }));
    else if (parts.length > 0) break;
  }
  return parts.length ? parts.join(' ') : t('automation.unit.second', { count: 0 });
}
