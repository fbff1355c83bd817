import { describe, expect, it } from 'vitest';
import { canChange, canDraw, inFlight, progressOf } from './drawing-state';
import en from '../i18n/en';
import zh from '../i18n/zh';

describe('a drawing as the page reads it', () => {
  it('polls only while the proxy works on it', () => {
    for (const s of ['NOT_START', 'SUBMITTED', 'IN_PROGRESS']) expect(inFlight(s)).toBe(true);
    for (const s of ['', 'SUCCESS', 'FAILURE', undefined]) expect(inFlight(s)).toBe(false);
  });

  it("reads the proxy's progress, full once done, clamped and 0 when unreadable", () => {
    expect(progressOf({ mjStatus: 'IN_PROGRESS', mjProgress: '50%' })).toBe(50);
    expect(progressOf({ mjStatus: 'SUCCESS', mjProgress: '' })).toBe(100);
    expect(progressOf({ mjStatus: 'SUBMITTED', mjProgress: '' })).toBe(0);
    expect(progressOf({ mjStatus: 'IN_PROGRESS', mjProgress: '140%' })).toBe(100);
  });

  it('offers drawing for undrawn and failed prompts, changes for finished grids but not upscales', () => {
    expect(canDraw('')).toBe(true);
    expect(canDraw('FAILURE')).toBe(true);
    expect(canDraw('SUCCESS')).toBe(false);
    expect(canDraw('IN_PROGRESS')).toBe(false);
    expect(canChange({ mjStatus: 'SUCCESS', mjAction: 'IMAGINE' })).toBe(true);
    expect(canChange({ mjStatus: 'SUCCESS', mjAction: 'VARIATION' })).toBe(true);
    expect(canChange({ mjStatus: 'SUCCESS', mjAction: 'UPSCALE' })).toBe(false);
    expect(canChange({ mjStatus: 'IN_PROGRESS', mjAction: 'IMAGINE' })).toBe(false);
  });
});

describe('the catalogue', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
    );
  it('has the same keys in zh and en, none empty', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    const values = (o: object): string[] =>
      Object.values(o).flatMap((v) =>
        typeof v === 'object' && v !== null ? values(v as object) : [String(v)],
      );
    for (const v of [...values(zh), ...values(en)]) expect(v.trim()).not.toBe('');
  });
});
