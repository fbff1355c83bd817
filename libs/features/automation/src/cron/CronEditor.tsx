import { cn, Input, Label, SimpleSelect, Spinner } from '@smart/ui';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobGroup } from '../automation-entities';
import { formatGap } from './format-gap';
import { CRON_PRESETS, presetOf } from './presets';
import { useCronCheck, type CronCheck } from './use-cron-check';

export interface CronEditorProps {
  /** The Quartz cron; '' = no schedule. */
  value: string;
  onChange: (cron: string) => void;
  /** The task's scheduler job group: the server judges the interval against its threshold. */
  jobGroup?: JobGroup;
  /** Each new state of the server's check (the schedule dialog reads the verdict). */
  onCheck?: (check: CronCheck) => void;
  /** Pause before the server is asked (tests and stories shorten it). */
  debounceMs?: number;
  disabled?: boolean;
  /** Label of the expression input; default the catalogue's. */
  label?: string;
  className?: string;
}

const CUSTOM = 'custom';

/**
 * A controlled input for a Quartz cron (automation-domain.md §4.6): common schedules to pick, the expression to type,
 * and under it the server's verdict on its interval (a warning when it fires too often for the task type, an error
 * when it does not parse or never fires) and its next fire times, asked after a pause in the typing.
 */
export function CronEditor({
  value,
  onChange,
  jobGroup,
  onCheck,
  debounceMs,
  disabled,
  label,
  className,
}: CronEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const check = useCronCheck(value, jobGroup, debounceMs);
  const preset = presetOf(value);

  const { cron, pending, verdict, nextTimes } = check;
  useEffect(() => {
    onCheck?.({ cron, pending, ...(verdict ? { verdict } : {}), ...(nextTimes ? { nextTimes } : {}) });
  }, [onCheck, cron, pending, verdict, nextTimes]);

  return (
    <div data-slot="cron-editor" className={cn('grid gap-3', className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-preset`}>{t('automation.cron.preset')}</Label>
        <SimpleSelect
          id={`${id}-preset`}
          value={preset ? preset.key : CUSTOM}
          disabled={disabled}
          onValueChange={(key) => {
            const picked = CRON_PRESETS.find((p) => p.key === key);
            if (picked) onChange(picked.cron);
          }}
          options={[
            ...CRON_PRESETS.map((p) => ({ value: p.key, label: t(`automation.cron.presets.${p.key}`) })),
            { value: CUSTOM, label: t('automation.cron.custom') },
          ]}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-cron`}>{label ?? t('automation.cron.label')}</Label>
        <Input
          id={`${id}-cron`}
          value={value}
          disabled={disabled}
          maxLength={64}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          placeholder={t('automation.cron.placeholder')}
          aria-describedby={`${id}-help ${id}-verdict`}
          aria-invalid={verdict?.status === 'INVALID' || verdict?.status === 'NEVER_FIRES'}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {t('automation.cron.help')}
        </p>
      </div>
      <div id={`${id}-verdict`} aria-live="polite" className="grid gap-2 text-sm">
        <CronVerdict check={check} />
        {nextTimes && nextTimes.length > 0 ? (
          <div data-slot="cron-next-times" className="grid gap-1">
            <span className="text-xs text-muted-foreground">{t('automation.cron.nextTimes')}</span>
            <ol
              aria-label={t('automation.cron.nextTimes')}
              className="grid gap-0.5 font-mono text-xs tabular-nums"
            >
              {nextTimes.map((time) => (
                <li key={time}>{time}</li>
              ))}
            </ol>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One line: no schedule, checking, or the verdict (coloured by how bad it is). */
function CronVerdict({ check }: { check: CronCheck }) {
  const { t } = useTranslation();
  if (check.cron === '') return <p className="text-muted-foreground">{t('automation.cron.none')}</p>;
  const verdict = check.verdict;
  if (check.pending && !verdict) {
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground">
        <Spinner className="size-3.5" />
        {t('automation.cron.checking')}
      </p>
    );
  }
  if (!verdict) return null;
  const gap = formatGap(verdict.minIntervalSeconds, t);
  switch (verdict.status) {
    case 'OK':
      return (
        <p data-verdict="OK" className="flex items-center gap-1.5 text-success">
          <CircleCheck aria-hidden className="size-4 shrink-0" />
          {verdict.minIntervalSeconds >= 0 ? t('automation.cron.ok', { gap }) : null}
        </p>
      );
    case 'TOO_FREQUENT':
      return (
        <p data-verdict="TOO_FREQUENT" role="status" className="flex items-start gap-1.5 text-warning">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('automation.cron.tooFrequent', { gap, threshold: formatGap(verdict.thresholdSeconds, t) })}
        </p>
      );
    default:
      return (
        <p data-verdict={verdict.status} role="alert" className="flex items-center gap-1.5 text-destructive">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {verdict.status === 'INVALID' ? t('automation.cron.invalid') : t('automation.cron.neverFires')}
        </p>
      );
  }
}
