import { describe, expect, it } from 'vitest';
import { junit, summaryLine, tables, totals, violationList } from './report';
import type { OpReport } from './runner';

const ops: OpReport[] = [
  {
    operationId: 'paramList',
    tag: 'param',
    method: 'GET',
    path: '/api/smart-system/param/list',
    kind: 'list',
    status: 'implemented',
    checks: [
      { name: 'list', ok: true, ms: 3 },
      { name: 'wrong type: size', ok: false, reason: 'expected 4xx, got HTTP 500 <boom> & "x"', ms: 2 },
    ],
  },
  {
    operationId: 'dyList',
    tag: 'dy',
    method: 'GET',
    path: '/api/smart-dy/dy/list',
    kind: 'list',
    status: 'not-implemented',
    note: 'HTTP 501',
    checks: [],
  },
  {
    operationId: 'userUpdatePassword',
    tag: 'user',
    method: 'POST',
    path: '/api/smart-user/update-password',
    kind: 'extra',
    status: 'skipped',
    note: 'not exercised: changes a password',
    checks: [{ name: 'no token → 401', ok: true, ms: 1 }],
  },
];

describe('reporters', () => {
  it('counts and prints the summary line', () => {
    expect(totals({ ops })).toEqual({
      implemented: 1,
      notImplemented: 1,
      skipped: 1,
      violations: 1,
      checks: 3,
    });
    expect(summaryLine({ ops })).toBe(
      'contract-check: 1 operation implemented, 1 not implemented, 1 not exercised (unsafe), 1 violation (3 checks)',
    );
    expect(summaryLine({ ops: [ops[0]!].map((o) => ({ ...o, checks: [o.checks[0]!] })) })).toBe(
      'contract-check: 1 operation implemented, 0 not implemented, 0 violations (1 checks)',
    );
  });

  it('prints one table per module with passed, failed, not implemented and reasons', () => {
    const text = tables({ ops });
    expect(text).toContain('[param]');
    expect(text).toContain('[dy]');
    expect(text).toMatch(/paramList\s+1\s+1\s+wrong type: size: expected 4xx, got HTTP 500/);
    expect(text).toMatch(/dyList\s+0\s+0\s+yes\s+not implemented \(HTTP 501\)/);
    expect(text).toContain('not exercised: changes a password');
  });

  it('lists every violation on a line of its own, and nothing when there is none', () => {
    const text = violationList({ ops });
    expect(text.split('\n').filter((l) => l.startsWith('  ✗'))).toHaveLength(1);
    expect(text).toMatch(/✗ \[param\] paramList GET \S+ — wrong type: size: expected 4xx, got HTTP 500/);
    expect(violationList({ ops: [ops[0]!].map((o) => ({ ...o, checks: [o.checks[0]!] })) })).toBe('');
  });

  it('writes JUnit XML with a test case per check', () => {
    const xml = junit({ ops, durationMs: 1234 });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(
      '<testsuites name="contract-check" tests="5" failures="1" skipped="2" time="1.234">',
    );
    expect(xml).toContain('<testsuite name="param" tests="2" failures="1" skipped="0"');
    expect(xml).toContain('<testcase classname="contract-check.param.paramList" name="list" time="0.003"/>');
    expect(xml).toContain('<failure message="expected 4xx, got HTTP 500 &lt;boom&gt; &amp; &quot;x&quot;"/>');
    expect(xml).toContain('<skipped message="not implemented (HTTP 501)"/>');
    expect(xml.match(/<testcase /g)).toHaveLength(5);
  });
});
