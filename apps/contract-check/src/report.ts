import type { OpReport, RunReport } from './runner';

export interface Totals {
  implemented: number;
  notImplemented: number;
  skipped: number;
  violations: number;
  checks: number;
}

export function totals(report: Pick<RunReport, 'ops'>): Totals {
  const t: Totals = { implemented: 0, notImplemented: 0, skipped: 0, violations: 0, checks: 0 };
  for (const op of report.ops) {
    if (op.status === 'implemented') t.implemented++;
    else if (op.status === 'not-implemented') t.notImplemented++;
    else t.skipped++;
    t.checks += op.checks.length;
    t.violations += op.checks.filter((c) => !c.ok).length;
  }
  return t;
}

/** `contract-check: 11 operations implemented, 300 not implemented, 0 violations (212 checks)` */
export function summaryLine(report: Pick<RunReport, 'ops'>): string {
  const t = totals(report);
  const skipped = t.skipped ? `, ${t.skipped} not exercised (unsafe)` : '';
  return (
    `contract-check: ${t.implemented} operation${t.implemented === 1 ? '' : 's'} implemented, ` +
    `${t.notImplemented} not implemented${skipped}, ${t.violations} violation${t.violations === 1 ? '' : 's'} ` +
    `(${t.checks} checks)`
  );
}

const byTag = (ops: OpReport[]) => {
  const map = new Map<string, OpReport[]>();
  for (const op of ops) map.set(op.tag, [...(map.get(op.tag) ?? []), op]);
  return map;
};

/** Display width: CJK characters take two columns. */
const width = (s: string) =>
  [...s].reduce(
    (n, ch) =>
      n +
      (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(
        ch,
      )
        ? 2
        : 1),
    0,
  );
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));

/** One table per module: operation, checks passed, failed, not implemented, reasons. */
export function tables(report: Pick<RunReport, 'ops'>, opts: { reasons?: number } = {}): string {
  const out: string[] = [];
  const maxReasons = opts.reasons ?? 3;
  for (const [tag, ops] of byTag(report.ops)) {
    const rows = ops.map((op) => {
      const failed = op.checks.filter((c) => !c.ok);
      const reasons =
        op.status === 'not-implemented'
          ? `not implemented (${op.note ?? ''})`
          : op.status === 'skipped'
            ? (op.note ?? 'skipped')
            : failed
                .slice(0, maxReasons)
                .map((c) => `${c.name}: ${c.reason}`)
                .join(' | ') + (failed.length > maxReasons ? ` | … ${failed.length - maxReasons} more` : '');
      return [
        op.operationId,
        String(op.checks.length - failed.length),
        String(failed.length),
        op.status === 'not-implemented' ? 'yes' : '',
        reasons,
      ];
    });
    const head = ['operation', 'passed', 'failed', 'not impl.', 'reasons'];
    const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
    widths[4] = Math.min(widths[4]!, 200);
    const line = (cells: string[]) =>
      cells
        .map((c, i) =>
          i === 1 || i === 2 ? ' '.repeat(Math.max(0, widths[i]! - width(c))) + c : pad(c, widths[i]!),
        )
        .join('  ')
        .trimEnd();
    out.push(`\n[${tag}]`, line(head), line(widths.map((w) => '-'.repeat(Math.min(w, 200)))));
    for (const r of rows) out.push(line(r));
  }
  return out.join('\n');
}

/**
 * Every violation on a line of its own (module, operation, check, reason, time taken), printed after the tables: a
 * CI log that keeps only its tail still says what failed, however far up the module's table is.
 */
export function violationList(report: Pick<RunReport, 'ops'>): string {
  const lines: string[] = [];
  for (const op of report.ops)
    for (const c of op.checks)
      if (!c.ok)
        lines.push(
          `  ✗ [${op.tag}] ${op.operationId} ${op.method} ${op.path} — ${c.name}: ${c.reason ?? ''} (${c.ms} ms)`,
        );
  return lines.length ? `\nviolations:\n${lines.join('\n')}` : '';
}

const xml = (s: string) =>
  s
    .replace(
      /[<>&"']/g,
      (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
    )
    // characters XML 1.0 does not allow
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML: a test suite per module, a test case per check; not implemented operations as skipped cases. */
export function junit(report: Pick<RunReport, 'ops' | 'durationMs'>): string {
  const t = totals(report);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract-check" tests="${t.checks + t.notImplemented + t.skipped}" failures="${t.violations}" skipped="${t.notImplemented + t.skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
  ];
  for (const [tag, ops] of byTag(report.ops)) {
    const cases: string[] = [];
    let failures = 0;
    let skipped = 0;
    let time = 0;
    for (const op of ops) {
      const classname = `contract-check.${tag}.${op.operationId}`;
      if (op.status !== 'implemented') {
        skipped++;
        const why =
          op.status === 'not-implemented' ? `not implemented (${op.note ?? ''})` : (op.note ?? 'skipped');
        cases.push(
          `    <testcase classname="${xml(classname)}" name="${xml(`${op.method} ${op.path}`)}" time="0">`,
        );
        cases.push(`      <skipped message="${xml(why)}"/>`, '    </testcase>');
      }
      for (const c of op.checks) {
        time += c.ms;
        const open = `    <testcase classname="${xml(classname)}" name="${xml(c.name)}" time="${(c.ms / 1000).toFixed(3)}"`;
        if (c.ok) cases.push(`${open}/>`);
        else {
          failures++;
          cases.push(
            `${open}>`,
            `      <failure message="${xml(c.reason ?? 'failed')}"/>`,
            '    </testcase>',
          );
        }
      }
    }
    const tests = ops.reduce((n, op) => n + op.checks.length + (op.status !== 'implemented' ? 1 : 0), 0);
    lines.push(
      `  <testsuite name="${xml(tag)}" tests="${tests}" failures="${failures}" skipped="${skipped}" time="${(time / 1000).toFixed(3)}">`,
      ...cases,
      '  </testsuite>',
    );
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
