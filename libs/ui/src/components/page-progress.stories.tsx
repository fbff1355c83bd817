import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, screen, waitFor } from 'storybook/test';

import { Button } from './button';
import { createPageProgress, PageProgress } from './page-progress';

const store = createPageProgress({ trickleSpeed: 200, hideDelay: 200 });

function Demo() {
  return (
    <div className="flex gap-2">
      <PageProgress store={store} />
      <Button onClick={() => store.start()}>start()</Button>
      <Button variant="primary" onClick={() => store.done()}>
        done()
      </Button>
    </div>
  );
}

const meta = {
  title: 'Components/PageProgress',
  component: PageProgress,
  render: () => <Demo />,
} satisfies Meta<typeof PageProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StartAndDone: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'start()' }));
    const bar = await screen.findByRole('progressbar', { name: '页面加载中' });
    const first = Number(bar.getAttribute('aria-valuenow'));
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(first));
    await userEvent.click(canvas.getByRole('button', { name: 'done()' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  },
};

const fixed = createPageProgress();

/** A frozen bar at 40%, to see its colour with each theme. */
export const Static: Story = {
  render: () => {
    fixed.set(0.4);
    return <PageProgress store={fixed} />;
  },
};

function Declarative() {
  const [active, setActive] = React.useState(false);
  const own = React.useMemo(() => createPageProgress({ hideDelay: 100 }), []);
  return (
    <div className="flex items-center gap-2">
      <PageProgress store={own} active={active} />
      <Button onClick={() => setActive((a) => !a)}>{active ? '加载完成' : '开始加载'}</Button>
    </div>
  );
}

/** `active` drives it, e.g. from a router's navigation state. */
export const ActiveProp: Story = {
  render: () => <Declarative />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '开始加载' }));
    await expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: '加载完成' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  },
};
