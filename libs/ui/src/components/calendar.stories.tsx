import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Calendar } from './calendar';

const meta = { title: 'Forms/Calendar', component: Calendar } satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

function Single() {
  const [date, setDate] = React.useState<Date | undefined>(new Date(2024, 4, 10));
  return (
    <Calendar
      mode="single"
      selected={date}
      onSelect={setDate}
      defaultMonth={new Date(2024, 4, 1)}
      className="rounded-md border"
    />
  );
}

/** zh locale: the week starts on Monday. */
export const Default: Story = {
  render: () => <Single />,
  play: async ({ canvas, userEvent }) => {
    const day = canvasDay(canvas.getByRole('grid'), '2024-05-15');
    await userEvent.click(day);
    await expect(day).toHaveAttribute('data-selected-single', 'true');
  },
};

export const English: Story = {
  render: () => (
    <UiLocaleProvider locale="en">
      <Single />
    </UiLocaleProvider>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('May 2024')).toBeVisible();
  },
};

export const TwoMonths: Story = {
  args: { numberOfMonths: 2, defaultMonth: new Date(2024, 4, 1), className: 'rounded-md border' },
};

function canvasDay(grid: HTMLElement, date: string): HTMLElement {
  const el = grid.querySelector<HTMLElement>(`button[data-day="${date}"]`);
  if (!el) throw new Error(`day ${date} not shown`);
  return el;
}
