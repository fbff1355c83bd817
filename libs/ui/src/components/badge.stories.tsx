import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Badge } from './badge';

const meta = { title: 'Components/Badge', component: Badge, args: { children: 'Badge' } } satisfies Meta<
  typeof Badge
>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Variants: Story = {
  render: () => (
    <div className="flex gap-2">
      <Badge>default</Badge>
      <Badge variant="secondary">secondary</Badge>
      <Badge variant="destructive">destructive</Badge>
      <Badge variant="success">success</Badge>
      <Badge variant="warning">warning</Badge>
      <Badge variant="outline">outline</Badge>
    </div>
  ),
};
export const CountCapped: Story = {
  args: { children: undefined, count: 120, max: 99, variant: 'destructive' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('99+')).toBeInTheDocument();
  },
};
export const Count: Story = { args: { children: undefined, count: 7, variant: 'destructive' } };
/** `hideZero`: the error-log badge disappears when there are no logs. */
export const HideZero: Story = {
  render: () => (
    <div className="flex items-center gap-2" data-testid="badges">
      <Badge count={0} hideZero variant="destructive" />
      <Badge count={0} variant="secondary" />
      <Badge count={99} max={99} variant="destructive" />
      <Badge count={100} max={99} variant="destructive" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('badges')).toHaveTextContent('099' + '99+');
  },
};
