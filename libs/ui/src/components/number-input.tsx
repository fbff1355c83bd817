import { ChevronDown, ChevronUp } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { inputClassName } from './input';

export type NumberInputProps = Omit<
  React.ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'
> & {
  /** The number; `undefined` or `null` is empty. */
  value?: number | null;
  defaultValue?: number;
  /** Receives the number, or `undefined` when the input is emptied. */
  onChange?: (value: number | undefined) => void;
  min?: number;
  max?: number;
  /** Step of the arrow keys and stepper buttons. Default 1. */
  step?: number;
  /** Decimal places: the value is rounded to it on blur and when stepping. */
  precision?: number;
  /** Show the stepper buttons. Default true. */
  controls?: boolean;
};

const NUMBER_DRAFT = /^-?\d*(\.\d*)?$/;

function round(value: number, precision: number | undefined): number {
  if (precision === undefined) return value;
  const factor = 10 ** precision;
  return Math.round(value * factor) / factor;
}

/** Clamp to [min, max] and round to `precision`. */
export function clampNumber(value: number, min?: number, max?: number, precision?: number): number {
  let next = value;
  if (max !== undefined && next > max) next = max;
  if (min !== undefined && next < min) next = min;
  return round(next, precision);
}

function formatNumber(value: number | null | undefined, precision: number | undefined): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '';
  return precision === undefined ? String(value) : value.toFixed(precision);
}

/** Numeric input with stepper buttons, arrow keys, clamping to min/max on blur and a fixed precision. */
export function NumberInput({
  value,
  defaultValue,
  onChange,
  min,
  max,
  step = 1,
  precision,
  controls = true,
  className,
  disabled,
  readOnly,
  onBlur,
  onFocus,
  onKeyDown,
  ...props
}: NumberInputProps) {
  const { messages } = useUiLocale();
  const [current, setInner] = useControllableValue<number | undefined>(value, defaultValue, undefined);
  const [draft, setDraft] = React.useState<string | null>(null);
  const text = draft ?? formatNumber(current, precision);

  const commit = (next: number | undefined) => {
    setInner(next);
    if (next !== current) onChange?.(next);
  };

  const stepBy = (direction: 1 | -1) => {
    if (disabled || readOnly) return;
    const base = current ?? (direction > 0 ? (min ?? 0) - step : (max ?? 0) + step);
    const decimals = Math.max(precision ?? 0, (String(step).split('.')[1] ?? '').length);
    const next = clampNumber(round(base + direction * step, decimals), min, max, precision);
    setDraft(null);
    commit(next);
  };

  const atMax = current !== undefined && max !== undefined && current >= max;
  const atMin = current !== undefined && min !== undefined && current <= min;

  return (
    <div data-slot="number-input" className={cn('relative w-full', className)}>
      <input
        type="text"
        inputMode="decimal"
        role="spinbutton"
        autoComplete="off"
        data-slot="number-input-control"
        aria-valuenow={current}
        aria-valuemin={min}
        aria-valuemax={max}
        className={cn(inputClassName, controls && 'pr-8')}
        disabled={disabled}
        readOnly={readOnly}
        value={text}
        onFocus={(event) => {
          setDraft(formatNumber(current, precision));
          onFocus?.(event);
        }}
        onChange={(event) => {
          const raw = event.target.value.trim();
          if (!NUMBER_DRAFT.test(raw)) return;
          setDraft(raw);
          if (raw === '') {
            commit(undefined);
            return;
          }
          const parsed = Number(raw);
          if (!Number.isNaN(parsed) && raw !== '-' && raw !== '.') commit(parsed);
        }}
        onBlur={(event) => {
          setDraft(null);
          if (current !== undefined) commit(clampNumber(current, min, max, precision));
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.defaultPrevented) return;
          if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
            event.preventDefault();
            stepBy(event.key === 'ArrowUp' ? 1 : -1);
          } else if (event.key === 'Home' && min !== undefined) {
            event.preventDefault();
            setDraft(null);
            commit(min);
          } else if (event.key === 'End' && max !== undefined) {
            event.preventDefault();
            setDraft(null);
            commit(max);
          }
        }}
        {...props}
      />
      {controls ? (
        <div
          data-slot="number-input-stepper"
          className="absolute inset-y-px right-px flex w-7 flex-col overflow-hidden rounded-r-md border-l border-input"
        >
          <button
            type="button"
            tabIndex={-1}
            data-slot="number-input-increment"
            aria-label={messages.increase}
            disabled={disabled || readOnly || atMax}
            className="flex flex-1 cursor-pointer items-center justify-center text-muted-foreground outline-none hover:bg-accent hover:text-primary-text disabled:pointer-events-none disabled:opacity-40"
            onClick={() => stepBy(1)}
          >
            <ChevronUp className="size-3" aria-hidden />
          </button>
          <button
            type="button"
            tabIndex={-1}
            data-slot="number-input-decrement"
            aria-label={messages.decrease}
            disabled={disabled || readOnly || atMin}
            className="flex flex-1 cursor-pointer items-center justify-center border-t border-input text-muted-foreground outline-none hover:bg-accent hover:text-primary-text disabled:pointer-events-none disabled:opacity-40"
            onClick={() => stepBy(-1)}
          >
            <ChevronDown className="size-3" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
