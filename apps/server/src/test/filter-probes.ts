/**
 * How the conformance suites (src/crud/conformance*.test.ts) exercise a declared filter: the value to send for a row
 * whose field holds `v`, whether that row is then listed, and what every listed row must satisfy.
 */
import { formatDateTime } from '../util';

const shiftMinutes = (v: string, minutes: number) => {
  const [d, t] = v.split(' ');
  const [y, mo, da] = d!.split('-').map(Number);
  const [h, mi, se] = t!.split(':').map(Number);
  return formatDateTime(new Date(y!, mo! - 1, da!, h!, mi! + minutes, se!));
};

/** How a filter kind finds (or, for the negated kinds, leaves out) a row whose field holds `v`. */
export function probe(
  kind: string,
  v: unknown,
): { value: string; found: boolean; matches?: (x: unknown) => boolean } {
  const s = String(v);
  const lower = (x: unknown) => String(x).toLowerCase();
  const part = s.length > 2 ? s.slice(1, -1) : s;
  switch (kind) {
    case 'equal':
      return { value: s, found: true, matches: (x) => String(x) === s };
    case 'like':
      return { value: part, found: true, matches: (x) => lower(x).includes(part.toLowerCase()) };
    case 'likeleft':
      return { value: s.slice(1), found: true, matches: (x) => lower(x).endsWith(s.slice(1).toLowerCase()) };
    case 'likeright':
      return {
        value: s.slice(0, -1),
        found: true,
        matches: (x) => lower(x).startsWith(s.slice(0, -1).toLowerCase()),
      };
    case 'notequal':
    case 'notlike':
    case 'gt':
    case 'lt':
      return { value: s, found: false };
    case 'ge':
    case 'le':
      return { value: s, found: true };
    case 'dategt':
    case 'datege':
      return { value: shiftMinutes(s, -1), found: true };
    case 'datelt':
    case 'datele':
      return { value: shiftMinutes(s, 1), found: true };
    case 'notnull':
      return { value: '1', found: true };
    default:
      throw new Error(
        `conformance: no probe for the filter kind ${kind}; add one to exercise its declaration`,
      );
  }
}
