import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import { Cascader } from './cascader';
import { ColourPicker } from './colour-picker';
import { DatePicker } from './date-picker';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';
import { MultiSelect } from './multi-select';
import { NumberInput } from './number-input';
import { TreeSelect } from './tree-select';

type Render = (field: {
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
  name: string;
  ref: React.Ref<never>;
}) => React.ReactNode;

function OneField({ label, render: renderControl }: { label: string; render: Render }) {
  const form = useForm<FieldValues>({ mode: 'onBlur', defaultValues: { f: undefined } });
  return (
    <Form {...form}>
      <form>
        <FormField
          control={form.control}
          name="f"
          rules={{ required: `请选择${label}` }}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{label}</FormLabel>
              <FormControl>{renderControl(field as Parameters<Render>[0])}</FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <button type="button">next</button>
      </form>
    </Form>
  );
}

const cases: [string, Render][] = [
  ['数量', (field) => <NumberInput {...field} value={field.value as number | undefined} />],
  [
    '菜单',
    (field) => (
      <MultiSelect
        {...field}
        value={(field.value as string[] | undefined) ?? []}
        options={[{ label: 'a', value: 'a' }]}
      />
    ),
  ],
  [
    '上级',
    (field) => (
      <TreeSelect {...field} value={field.value as string | undefined} data={[{ id: '1', title: 'x' }]} />
    ),
  ],
  [
    '地区',
    (field) => (
      <Cascader
        {...field}
        value={field.value as string[] | undefined}
        options={[{ label: 'x', value: '1' }]}
      />
    ),
  ],
  ['日期', (field) => <DatePicker {...field} value={field.value as string | undefined} />],
  ['颜色', (field) => <ColourPicker {...field} value={field.value as string | undefined} />],
];

describe('controls inside react-hook-form FormField/FormControl', () => {
  it.each(cases)('%s: labelled, validated on blur, wired to aria', async (label, renderControl) => {
    const user = userEvent.setup();
    render(<OneField label={label} render={renderControl} />);
    const control = screen.getByLabelText(label);
    expect(control).toHaveAttribute('aria-invalid', 'false');
    control.focus();
    await user.click(screen.getByRole('button', { name: 'next' }));
    const message = await screen.findByText(`请选择${label}`);
    await waitFor(() => expect(control).toHaveAttribute('aria-invalid', 'true'));
    expect(control.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('passes the ref so react-hook-form can focus the first invalid control', async () => {
    const onValid = vi.fn();
    function Submit() {
      const form = useForm<{ n?: number }>({ mode: 'onBlur' });
      return (
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onValid)}>
            <FormField
              control={form.control}
              name="n"
              rules={{ required: 'required' }}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>n</FormLabel>
                  <FormControl>
                    <MultiSelect {...field} value={[]} onChange={() => {}} options={[]} />
                  </FormControl>
                </FormItem>
              )}
            />
            <button type="submit">ok</button>
          </form>
        </Form>
      );
    }
    const user = userEvent.setup();
    render(<Submit />);
    await user.click(screen.getByRole('button', { name: 'ok' }));
    await waitFor(() => expect(screen.getByLabelText('n')).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });
});
