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

/** The platform's 0/1 values (dictionary isSealed): `value` + `checkedValue` / `uncheckedValue`. */
function SealedSwitch() {
  const [isSealed, setIsSealed] = React.useState<string | number | boolean>(0);
  return (
    <div className="flex items-center gap-2">
      <Switch id="is-sealed" value={isSealed} checkedValue={1} uncheckedValue={0} onChange={setIsSealed} />
      <Label htmlFor="is-sealed">是否封存</Label>
      <output className="text-sm text-muted-foreground">isSealed = {String(isSealed)}</output>
    </div>
  );
}

export const ZeroOne: Story = {
  render: () => <SealedSwitch />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: '是否封存' }));
    await expect(canvas.getByText('isSealed = 1')).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(canvas.getByText('isSealed = 0')).toBeVisible();
  },
};
