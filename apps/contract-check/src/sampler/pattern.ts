// Strings for regular expressions: a parser for the subset of patterns contracts use, and a short string that
// matches a pattern within length bounds.

/** The pattern as a RegExp (Unicode mode when it compiles so), undefined when it does not compile. */
export function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

type Node =
  | { kind: 'chars'; choices: string[] }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
const PRINTABLE = `${WORD}-. :/@`;

function escapeClass(ch: string): string[] | undefined {
  switch (ch) {
    case 'd':
      return [...DIGITS];
    case 'w':
      return [...WORD];
    case 's':
      return [' '];
    case 'D':
    case 'W':
      return ['-'];
    case 'S':
      return ['x'];
    case 'n':
      return ['\n'];
    case 't':
      return ['\t'];
    default:
      return undefined;
  }
}

/** Parses the subset of regular expressions contracts use (classes, groups, alternation, quantifiers). */
function parsePattern(src: string): Node[][] {
  let i = 0;
  const parseAlternatives = (): Node[][] => {
    const alts: Node[][] = [[]];
    while (i < src.length) {
      const c = src[i]!;
      if (c === ')') break;
      i++;
      let node: Node | undefined;
      if (c === '|') {
        alts.push([]);
        continue;
      } else if (c === '^' || c === '$') {
        continue;
      } else if (c === '(') {
        if (src[i] === '?') {
          // (?:…), (?=…) and friends: treat as a plain group
          i++;
          while (i < src.length && src[i] !== ':' && src[i] !== ')' && /[=!<a-zA-Z>]/.test(src[i]!)) i++;
          if (src[i] === ':') i++;
        }
        const inner = parseAlternatives();
        i++; // ')'
        node = { kind: 'group', alternatives: inner };
      } else if (c === '[') {
        let negate = false;
        if (src[i] === '^') {
          negate = true;
          i++;
        }
        const set: string[] = [];
        let first = true;
        while (i < src.length && (src[i] !== ']' || first)) {
          first = false;
          let ch = src[i++]!;
          if (ch === '\\') {
            const e = src[i++]!;
            const cls = escapeClass(e);
            if (cls) {
              set.push(...cls);
              continue;
            }
            ch = e;
          }
          if (src[i] === '-' && src[i + 1] && src[i + 1] !== ']') {
            i++;
            let to = src[i++]!;
            if (to === '\\') to = src[i++]!;
            for (let code = ch.codePointAt(0)!; code <= to.codePointAt(0)! && set.length < 5000; code++) {
              set.push(String.fromCodePoint(code));
            }
          } else set.push(ch);
        }
        i++; // ']'
        node = {
          kind: 'chars',
          choices: negate ? [...PRINTABLE].filter((x) => !set.includes(x)) : set,
        };
      } else if (c === '\\') {
        const e = src[i++]!;
        node = { kind: 'chars', choices: escapeClass(e) ?? [e] };
      } else if (c === '.') {
        node = { kind: 'chars', choices: ['x'] };
      } else {
        node = { kind: 'chars', choices: [c] };
      }
      // quantifier
      const q = src[i];
      let min = 1;
      let max = 1;
      if (q === '?' || q === '*' || q === '+') {
        i++;
        min = q === '+' ? 1 : 0;
        max = q === '?' ? 1 : Infinity;
      } else if (q === '{') {
        const m = /^\{(\d*)(,?)(\d*)\}/.exec(src.slice(i));
        if (m) {
          i += m[0].length;
          min = m[1] ? Number(m[1]) : 0;
          max = m[2] ? (m[3] ? Number(m[3]) : Infinity) : min;
        }
      }
      if (src[i] === '?' && (min !== 1 || max !== 1)) i++; // lazy
      alts[alts.length - 1]!.push(min === 1 && max === 1 ? node : { kind: 'repeat', node, min, max });
    }
    return alts;
  };
  return parseAlternatives();
}

function generate(alts: Node[][], extra: number, pick: number): string {
  const seq = alts[0] ?? [];
  let out = '';
  for (const node of seq) out += generateNode(node, extra, pick);
  return out;
}

function generateNode(node: Node, extra: number, pick: number): string {
  switch (node.kind) {
    case 'chars':
      return node.choices.length ? node.choices[pick % node.choices.length]! : '';
    case 'group':
      return generate(node.alternatives, extra, pick);
    case 'repeat': {
      const count = Math.min(node.max, node.min + extra);
      let s = '';
      for (let k = 0; k < count; k++) s += generateNode(node.node, extra, pick + k);
      return s;
    }
  }
}

/** A short string matching the pattern within the length bounds (undefined when none was found). */
export function stringForPattern(pattern: string, minLength = 0, maxLength = Infinity): string | undefined {
  const re = safeRegExp(pattern);
  if (!re) return undefined;
  const ok = (s: string) => re.test(s) && s.length >= minLength && s.length <= maxLength;
  let tree: Node[][];
  try {
    tree = parsePattern(pattern);
  } catch {
    tree = [[]];
  }
  for (let extra = 0; extra <= Math.max(minLength, 1) + 1; extra++) {
    for (let pick = 0; pick < 3; pick++) {
      const s = generate(tree, extra, pick);
      if (ok(s)) return s;
    }
  }
  for (const guess of ['1', 'a', 'A', 'x1', '000000', '2026-01-01 00:00:00', '2026-01-01', 'a@b.co']) {
    if (ok(guess)) return guess;
  }
  return undefined;
}
