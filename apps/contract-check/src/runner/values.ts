// Small value helpers of the runner: deep copy, the plain-object test and shortened texts for reasons.

export const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
export const isObj = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
export const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
