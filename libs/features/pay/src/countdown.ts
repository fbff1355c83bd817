import { useEffect, useRef, useState } from 'react';

/** A contract DateTime (`yyyy-MM-dd HH:mm:ss`, the server's local time) as milliseconds on a zone-free scale. */
function readDateTime(value: string | undefined): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/**
 * Seconds left to pay an order, ticking every second; undefined when the times cannot be read. Both times are the
 * server's local time, so their difference is the time the server gives; it is counted down on this machine's clock
 * from the moment the order arrived, which a time zone or a clock apart from the server's does not shift.
 */
export function useCountdown(createTime?: string, expireTime?: string): number | undefined {
  const created = readDateTime(createTime);
  const expires = readDateTime(expireTime);
  const total = created !== undefined && expires !== undefined ? (expires - created) / 1000 : undefined;
  const arrived = useRef(Date.now());
  const [now, setNow] = useState(() => Date.now());
  const left =
    total === undefined ? undefined : Math.max(0, Math.ceil(total - (now - arrived.current) / 1000));
  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}
