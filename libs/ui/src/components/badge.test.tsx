import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Badge, formatBadgeCount } from './badge';

describe('Badge', () => {
  it('caps the count at max', () => {
    expect(formatBadgeCount(100, 99)).toBe('99+');
    expect(formatBadgeCount(99, 99)).toBe('99');
    expect(formatBadgeCount(1000)).toBe('1000');
    render(<Badge count={150} max={99} data-testid="b" />);
    expect(screen.getByTestId('b').textContent).toBe('99+');
  });

  it('shows children over count and can hide zero', () => {
    const { container } = render(<Badge count={0} hideZero />);
    expect(container.querySelector('[data-slot="badge"]')).toBeNull();
    render(<Badge variant="destructive">new</Badge>);
    expect(screen.getByText('new').getAttribute('data-variant')).toBe('destructive');
  });
});
