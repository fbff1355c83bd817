// Schedules operators pick most (automation-domain.md §1: working-hour comment rounds, a few browses a day), as Quartz
// crons in the contract's form (patterns.yaml CronExpression: 6 fields, `?` in day-of-month or day-of-week).
// Weekdays by name: Quartz numbers them from 1 = Sunday, other cron dialects from 0, names mean the same to both.

export interface CronPreset {
  /** Catalogue key under `automation.cron.presets`. */
  key: 'workHalfHour' | 'hourly' | 'workTwoHours' | 'daily9' | 'thrice' | 'weekdays10';
  cron: string;
}

export const CRON_PRESETS: readonly CronPreset[] = [
  { key: 'workHalfHour', cron: '0 0/30 9-18 * * ?' },
  { key: 'hourly', cron: '0 0 * * * ?' },
  { key: 'workTwoHours', cron: '0 0 9-21/2 * * ?' },
  { key: 'daily9', cron: '0 0 9 * * ?' },
  { key: 'thrice', cron: '0 0 9,14,20 * * ?' },
  { key: 'weekdays10', cron: '0 0 10 ? * MON-FRI' },
];

/** Spaces collapsed, so a preset is recognised however the expression was typed. */
export const normaliseCron = (cron: string): string => cron.trim().split(/\s+/).join(' ');

/** The preset `cron` is, if any. */
export function presetOf(cron: string): CronPreset | undefined {
  const normal = normaliseCron(cron);
  return CRON_PRESETS.find((p) => p.cron === normal);
}
