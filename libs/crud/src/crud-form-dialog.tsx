import { zodResolver } from '@hookform/resolvers/zod';
import * as React from 'react';
import { type FieldValues, type RegisterOptions, useForm } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Spinner,
  useUiLocale,
} from '@smart/ui';
import { useCrudContext } from './crud-context';
import { CrudControl } from './crud-field';
import { isHiddenInForm } from './form-visibility';
import type { CrudColumn, CrudFormMode, CrudRules, ResourceDef } from './types';

export { isHiddenInForm };

function isDisabledInForm<Row, Form>(column: CrudColumn<Row, Form>, mode: CrudFormMode): boolean {
  const d = column.disabled;
  if (typeof d === 'boolean') return d;
  return !!d?.[mode];
}

function ruleValue(rule: number | { value: number; message: string } | undefined) {
  if (rule === undefined) return undefined;
  return typeof rule === 'number' ? { value: rule, message: undefined } : rule;
}

/** react-hook-form rules from a column's rules (used when the resource has no zod schema). */
export function toRegisterOptions<Row, Form>(
  column: CrudColumn<Row, Form>,
  rules: CrudRules | undefined,
  t: (key: string) => string,
  defaultRequired: (label: string) => string,
): RegisterOptions<FieldValues, string> {
  if (!rules) return {};
  const options: RegisterOptions<FieldValues, string> = {};
  const label = t(column.label);
  if (rules.required) {
    options.required = typeof rules.required === 'string' ? t(rules.required) : defaultRequired(label);
  }
  const isNumber = column.type === 'number';
  const max = ruleValue(rules.max);
  const min = ruleValue(rules.min);
  if (max) {
    const message = max.message ? t(max.message) : `${label} ≤ ${max.value}`;
    if (isNumber) options.max = { value: max.value, message };
    else options.maxLength = { value: max.value, message };
  }
  if (min) {
    const message = min.message ? t(min.message) : `${label} ≥ ${min.value}`;
    if (isNumber) options.min = { value: min.value, message };
    else options.minLength = { value: min.value, message };
  }
  if (rules.pattern) options.pattern = { value: rules.pattern.value, message: t(rules.pattern.message) };
  const { validate } = rules;
  if (validate)
    options.validate = (value, values) => {
      const problem = validate(value, values);
      return problem === undefined ? true : t(problem);
    };
  return options;
}

export type CrudFormDialogProps<Row, Form> = {
  resource: ResourceDef<Row, Form>;
  mode: CrudFormMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Initial values (add: defaults; edit/view: the row or its detail). */
  values: Record<string, unknown>;
  /** Detail is loading. */
  loading?: boolean;
  /** Called with the normalised values; a rejection keeps the dialog open. */
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
};

/** A number input, a numeric dictionary, or a choice among numbers (an integer enum of the contract, a switch). */
function holdsNumbers<Row, Form>(column: CrudColumn<Row, Form>): boolean {
  if (column.type === 'number' || column.numericDict) return true;
  const options = column.options;
  return !!options?.length && options.every((o) => typeof o.value === 'number');
}

export function CrudFormDialog<Row, Form>({
  resource,
  mode,
  open,
  onOpenChange,
  values,
  loading = false,
  onSubmit,
}: CrudFormDialogProps<Row, Form>) {
  const { t } = useCrudContext();
  const { messages } = useUiLocale();
  const formId = React.useId();
  const readOnly = mode === 'view';
  const schema = resource.schema;
  const resolver = React.useMemo(
    () => (schema ? zodResolver(schema as unknown as $ZodType<FieldValues, FieldValues>) : undefined),
    [schema],
  );
  const form = useForm<FieldValues>({ mode: 'onBlur', defaultValues: values, resolver });
  const [submitting, setSubmitting] = React.useState(false);

  // The values the form was last reset to. A render with new values (the detail arrived) shows the fields before
  // the effect below resets them: until it has, the fields stay shut, or what an operator (or a fast test) typed
  // in between would be overwritten by the reset.
  const [resetTo, setResetTo] = React.useState(values);
  React.useEffect(() => {
    form.reset(values);
    setResetTo(values);
  }, [form, values]);
  const settling = resetTo !== values || loading;

  const columns = resource.columns.filter((c) => !isHiddenInForm(c, mode));

  const submit = form.handleSubmit(async (raw) => {
    const out: Record<string, unknown> = { ...raw };
    for (const column of resource.columns) {
      // nothing chosen for a field that holds numbers is no value, not '' (the contract would refuse the string)
      if (holdsNumbers(column) && out[column.prop] === '') delete out[column.prop];
    }
    setSubmitting(true);
    try {
      await onSubmit(out);
    } catch {
      // The adapter (HTTP layer) reports errors; keep the dialog open.
    } finally {
      setSubmitting(false);
    }
  });

  const title = resource.title ? `${messages[mode]} · ${t(resource.title)}` : messages[mode];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="crud-dialog"
        data-mode={mode}
        width={resource.dialog?.width ?? 800}
        closeOnOutsideClick={resource.dialog?.closeOnOutsideClick ?? true}
        aria-describedby={undefined}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <DialogBody className="relative">
          <Form {...form}>
            <form
              id={formId}
              noValidate
              aria-busy={loading}
              // (no column gap on a phone, where every field spans the 24 columns: 23 gaps of 1rem alone are wider than
              // a 390 px screen's form and pushed the fields past its edge)
              className="grid grid-cols-24 gap-x-0 gap-y-4 py-1 sm:gap-x-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (!readOnly) void submit(event);
              }}
            >
              {columns.map((column) => {
                const span = column.span ?? (column.type === 'textarea' ? 24 : 12);
                const registerOptions = schema
                  ? undefined
                  : toRegisterOptions(column, column.rules, t, messages.required);
                const required = !!column.rules?.required;
                return (
                  <FormField
                    key={column.prop}
                    control={form.control}
                    name={column.prop}
                    rules={readOnly ? undefined : registerOptions}
                    render={({ field }) => (
                      <FormItem
                        data-field={column.prop}
                        className="col-span-24 sm:col-(--span)"
                        style={{ '--span': `span ${span} / span ${span}` } as React.CSSProperties}
                      >
                        <FormLabel required={required && !readOnly}>{t(column.label)}</FormLabel>
                        <FormControl>
                          <CrudControl
                            column={column}
                            name={field.name}
                            ref={field.ref}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            readOnly={readOnly}
                            aria-required={(required && !readOnly) || undefined}
                            // shut while the detail loads: its arrival resets the form, which would drop what
                            // was typed meanwhile (the spinner covers the fields, not the keyboard's way in)
                            disabled={
                              !readOnly && (settling || isDisabledInForm(column, mode) || field.disabled)
                            }
                          />
                        </FormControl>
                        <FormMessage formatMessage={t} />
                      </FormItem>
                    )}
                  />
                );
              })}
            </form>
          </Form>
          {loading ? (
            <div className="absolute inset-0 flex items-center justify-center bg-background/60">
              <Spinner label={messages.loading} />
            </div>
          ) : null}
        </DialogBody>
        <DialogFooter>
          {readOnly ? (
            <Button onClick={() => onOpenChange(false)}>{messages.close}</Button>
          ) : (
            <>
              <Button onClick={() => onOpenChange(false)}>{messages.cancel}</Button>
              <Button type="submit" form={formId} variant="primary" loading={submitting} disabled={settling}>
                {messages.save}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
