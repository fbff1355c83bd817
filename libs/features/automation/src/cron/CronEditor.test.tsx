import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cronServer } from '../test-server';
import { renderWithShell, setupMswServer } from '../test-utils';
import { CronEditor, type CronEditorProps } from './CronEditor';

const gaps = {
  '0 0 9,14,20 * * ?': 300, // OK for a comment task (threshold 30 min)
  '0 * * * * ?': 1, // every minute: too frequent
  '0 0 9 * * ? 2020': 0, // a past year: never fires
};
const cron = cronServer(gaps);
const server = setupMswServer();
beforeEach(() => {
  server.use(...cron.handlers);
  cron.calls.status.length = 0;
  cron.calls.list.length = 0;
});

function Editor({ initial = '', ...props }: Partial<CronEditorProps> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CronEditor value={value} onChange={setValue} jobGroup="DY_COMM" {...props} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('CronEditor', () => {
  it('previews the next 5 fire times from the server once the typing pauses', async () => {
    const user = userEvent.setup();
    renderWithShell(<Editor />);
    expect(screen.getByText('不定时：任务只在手动执行时运行')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Cron 表达式'), '0 0 9,14,20 * * ?');

    const list = await screen.findByRole('list', { name: '接下来的执行时间' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2026-11-22 09:00:00',
      '2026-11-22 14:00:00',
      '2026-11-22 19:00:00',
      '2026-11-23 00:00:00',
      '2026-11-23 05:00:00',
    ]);
    expect(screen.getByText('最小间隔 5 小时')).toBeInTheDocument();
    // one check for the whole expression, against the task type's threshold, and one preview of 5
    expect(cron.calls.status.map((q) => q.get('cronExpression'))).toEqual(['0 0 9,14,20 * * ?']);
    expect(cron.calls.status[0]?.get('jobGroup')).toBe('DY_COMM');
    expect(cron.calls.list[0]?.get('count')).toBe('5');
    // a preset's expression shows as that preset
    expect(screen.getByRole('combobox', { name: '常用设置' })).toHaveTextContent('每天 09:00、14:00、20:00');
  });

  it('warns when the expression fires more often than the task type allows, with the smallest gap', async () => {
    renderWithShell(<Editor initial="0 * * * * ?" />);
    const warning = await screen.findByText(/^执行过于频繁：最小间隔 1 分钟，低于 30 分钟，/);
    expect(warning).toHaveAttribute('role', 'status');
    expect(warning).toHaveAttribute('data-verdict', 'TOO_FREQUENT');
    // it still fires: the preview is shown
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByLabelText('Cron 表达式')).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows an error for an expression that does not parse, and asks no preview', async () => {
    const user = userEvent.setup();
    renderWithShell(<Editor initial="0 0 9 * * ?" />);
    const input = screen.getByLabelText('Cron 表达式');
    await user.clear(input);
    await user.type(input, '0 0 25 * *');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Cron 表达式无效，请检查格式');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: '接下来的执行时间' })).not.toBeInTheDocument();
    expect(cron.calls.list.map((q) => q.get('cronExpression'))).not.toContain('0 0 25 * *');
    expect(screen.getByRole('combobox', { name: '常用设置' })).toHaveTextContent('自定义');
  });

  it('shows an error for an expression that never fires again', async () => {
    renderWithShell(<Editor initial="0 0 9 * * ? 2020" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('这个表达式以后不会再执行');
  });

  it('sets the expression of a picked preset', async () => {
    const user = userEvent.setup();
    renderWithShell(<Editor />);
    await user.click(screen.getByRole('combobox', { name: '常用设置' }));
    await user.click(await screen.findByRole('option', { name: '每天 09:00、14:00、20:00' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('0 0 9,14,20 * * ?'));
    expect(await screen.findByText('最小间隔 5 小时')).toBeInTheDocument();
  });
});
