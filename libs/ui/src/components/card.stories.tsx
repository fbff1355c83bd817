import type { Meta, StoryObj } from '@storybook/react-vite';

import { Button } from './button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = { title: 'Components/Card', component: Card } satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Card className="w-96">
      <CardHeader>
        <CardTitle>算力</CardTitle>
        <CardDescription>剩余算力与有效期</CardDescription>
        <CardAction>
          <Button size="sm" variant="link">
            充值
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>1,280 次</CardContent>
      <CardFooter className="text-sm text-muted-foreground">有效期至 2026-12-31</CardFooter>
    </Card>
  ),
};
