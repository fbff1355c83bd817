import type { AutomationCatalogue } from './zh';

const en: AutomationCatalogue = {
  automation: {
    cron: {
      label: 'Cron',
      preset: 'Presets',
      custom: 'Custom',
      presets: {
        workHalfHour: 'Every 30 min in working hours (9:00–18:30)',
        hourly: 'Every hour, on the hour',
        workTwoHours: 'Every 2 hours in the daytime (9:00–21:00)',
        daily9: 'Daily at 09:00',
        thrice: 'Daily at 09:00, 14:00 and 20:00',
        weekdays10: 'Weekdays at 10:00',
      },
      placeholder: 'sec min hour day month weekday, e.g. 0 0 9 * * ?',
      help: 'Quartz format: sec min hour day month weekday [year], in server time (Beijing); empty means no schedule.',
      none: 'No schedule: the task runs only when started by hand',
      checking: 'Checking…',
      nextTimes: 'Next fire times',
      ok: 'Smallest gap {{gap}}',
      tooFrequent:
        'Fires too often: smallest gap {{gap}}, below {{threshold}}; robot jobs would pile up and may trip the platform’s risk control',
      invalid: 'The cron expression is not valid',
      neverFires: 'This expression never fires again',
    },
    unit: {
      day: '{{count}} d',
      hour: '{{count}} h',
      minute: '{{count}} min',
      second: '{{count}} s',
    },
    schedule: {
      action: 'Schedule',
      title: 'Schedule · {{name}}',
      save: 'Save',
      cancel: 'Cancel',
      saved: 'Schedule saved',
      next: 'Next run: {{time}}',
      cleared: 'Schedule removed: the task runs only when started by hand',
      forceTitle: 'Fires too often',
      forceHint:
        'Save anyway? Runs this close queue up on the same robot and are more likely to trip the platform’s risk control.',
      force: 'Save anyway',
    },
    run: {
      action: 'Run now',
      confirmTitle: 'Run now',
      confirm: 'Run “{{name}}” now? Every enabled unit of the task starts one run (this uses compute power).',
      title: 'Started · {{name}}',
      started: 'Started',
      skipped: 'Skipped',
      startFailed: 'Failed to start',
      none: 'No unit to run: add and enable units for the task first.',
      unit: 'Unit {{id}}',
      monitor: 'View runs',
      close: 'Close',
    },
    monitor: {
      counts: 'Succeeded / failed / skipped',
      countsLabel: '{{success}} succeeded, {{fail}} failed, {{skip}} skipped, {{planned}} planned',
      logs: 'Action logs',
    },
    status: {
      PENDING: 'Pending',
      WAITING: 'Waiting',
      RUNNING: 'Running',
      STOPPING: 'Stopping',
      SUCCESS: 'Success',
      FAILED: 'Failed',
      STOPPED: 'Stopped',
      CANCELLED: 'Cancelled',
      SKIPPED: 'Skipped',
      START_FAILED: 'Start failed',
      TIMEOUT: 'Timed out',
    },
  },
};

export default en;
