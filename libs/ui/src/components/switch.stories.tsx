import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect } from 'storybook/test';

import { Label } from './label';
import { Switch } from './switch';

const meta = { title: 'Components/Switch', component: Switch } satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

function Controlled() {
  const [on, setOn] = React.useState(false);
  return (
    <div className="flex items-center gap-2">
      <Switch id="sealed" checked={on} onCheckedChange={setOn} />
      <Label htmlFor="sealed">封存</Label>
    </div>
  );
}

export const Default: Story = {
  render: () => <Controlled />,
  play: async ({ canvas, userEvent }) => {
    const sw = canvas.getByRole('switch', { name: '封存' });
    await userEvent.click(sw);
    await expect(sw).toHaveAttribute('aria-checked', 'true');
  },
};
export const On: Story = { args: { checked: true, 'aria-label': 'on' } };
export const Disabled: Story = { args: { disabled: true, 'aria-label': 'disabled' } };
