// The cron editor against MSW handlers of the scheduler's checks (scheduler_job.yaml), as the schedule dialog uses it
// for a comment task (threshold 30 min).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { withAutomationShell } from '../story-shell';
import { cronServer } from '../test-server';
import { CronEditor, type CronEditorProps } from './CronEditor';

const cron = cronServer({
  '0 0 9,14,20 * * ?': 300,
  '0 0/30 9-18 * * ?': 30,
  '0 0 * * * ?': 60,
  '0 0 9-21/2 * * ?': 120,
  '0 0 9 * * ?': 1440,
  '0 0 10 ? * MON-FRI': 1440,
  '0 0/5 * * * ?': 5,
  '0 0 9 * * ? 2020': 0,
});

function Controlled(props: Omit<CronEditorProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return (
    <div className="max-w-md">
      <CronEditor {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta = {
  title: 'Features/Automation/CronEditor',
  component: Controlled,
  parameters: { msw: { handlers: cron.handlers } },
  decorators: [withAutomationShell],
  args: { value: '0 0 9,14,20 * * ?', jobGroup: 'DY_COMM', debounceMs: 100 },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A preset: its name in the picker, the smallest gap and the next 5 fire times. */
export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', {}, { timeout: 5000 });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByText('最小间隔 5 小时')).toBeInTheDocument();
  },
};

/** Every 5 minutes for a comment task: a warning with the smallest gap and the threshold. */
export const TooFrequent: Story = {
  args: { value: '0 0/5 * * * ?' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/执行过于频繁/, {}, { timeout: 5000 })).toHaveAttribute(
      'data-verdict',
      'TOO_FREQUENT',
    );
  },
};

/** An expression that does not parse: an error, no preview. */
export const Invalid: Story = {
  args: { value: '0 0 25 * *' },
  play: async ({ canvasElement, userEvent }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('无效');
    await userEvent.clear(canvas.getByLabelText('Cron 表达式'));
    await userEvent.type(canvas.getByLabelText('Cron 表达式'), '0 0 9 * * ?');
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull(), { timeout: 5000 });
  },
};

/** A year gone by: valid, but it never fires again. */
export const NeverFires: Story = {
  args: { value: '0 0 9 * * ? 2020' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      '不会再执行',
    );
  },
};

/** No cron: the task runs only by hand. */
export const NoSchedule: Story = {
  args: { value: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('不定时：任务只在手动执行时运行')).toBeInTheDocument();
  },
};
