import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect, fn } from 'storybook/test';

import { Button } from './button';
import { Field } from './field';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { Textarea } from './textarea';

type LockForm = { password: string; note: string };

function LockPasswordForm({ onSubmit }: { onSubmit: (values: LockForm) => void }) {
  const form = useForm<LockForm>({ mode: 'onBlur', defaultValues: { password: '', note: '' } });
  return (
    <Form {...form}>
      <form className="grid w-80 gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <FormField
          control={form.control}
          name="password"
          rules={{ required: '锁屏密码不能为空' }}
          render={({ field }) => (
            <FormItem>
              <FormLabel required>锁屏密码</FormLabel>
              <FormControl>
                <PasswordInput {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel>备注</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormDescription>可选</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" variant="primary">
          确定
        </Button>
      </form>
    </Form>
  );
}

const meta = {
  title: 'Components/Form',
  component: LockPasswordForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof LockPasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** react-hook-form with `mode: 'onBlur'`: the message appears when the field loses focus. */
export const ReactHookForm: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByLabelText('锁屏密码'));
    await userEvent.tab();
    await expect(await canvas.findByText('锁屏密码不能为空')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('锁屏密码'), '1234');
    await userEvent.click(canvas.getByRole('button', { name: '确定' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

/** Props-based Field for forms without react-hook-form. */
export const PlainField: Story = {
  render: () => (
    <div className="grid w-96 gap-4">
      <Field label="手机号" required error="手机号长度不是 11 位">
        {(control) => <Input {...control} defaultValue="1380000" />}
      </Field>
      <Field label="账号" description="登录账号" orientation="horizontal">
        {(control) => <Input {...control} />}
      </Field>
    </div>
  ),
};
