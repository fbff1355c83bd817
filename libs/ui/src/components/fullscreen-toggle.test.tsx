import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '../locale/ui-locale';
import { FullscreenToggle, getFullscreenElement } from './fullscreen-toggle';

type Doc = Record<string, unknown>;

function stubVendorApi() {
  const doc = document as unknown as Doc;
  let current: Element | null = null;
  doc.webkitFullscreenEnabled = true;
  Object.defineProperty(document, 'webkitFullscreenElement', { configurable: true, get: () => current });
  const enter = vi.fn(() => {
    current = document.documentElement;
    document.dispatchEvent(new Event('webkitfullscreenchange'));
  });
  const exit = vi.fn(() => {
    current = null;
    document.dispatchEvent(new Event('webkitfullscreenchange'));
  });
  (document.documentElement as unknown as Doc).webkitRequestFullscreen = enter;
  doc.webkitExitFullscreen = exit;
  return { enter, exit };
}

afterEach(() => {
  const doc = document as unknown as Doc;
  delete doc.webkitFullscreenEnabled;
  delete doc.webkitExitFullscreen;
  delete doc.webkitFullscreenElement;
  delete (document.documentElement as unknown as Doc).webkitRequestFullscreen;
});

describe('FullscreenToggle', () => {
  it('is disabled without the Fullscreen API', () => {
    render(<FullscreenToggle />);
    expect(screen.getByRole('button', { name: '全屏' })).toHaveProperty('disabled', true);
  });

  it('uses the prefixed API and tracks the change event', async () => {
    const { enter, exit } = stubVendorApi();
    const onFullscreenChange = vi.fn();
    render(
      <UiLocaleProvider locale="en">
        <FullscreenToggle tooltip={false} onFullscreenChange={onFullscreenChange} />
      </UiLocaleProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    expect(enter).toHaveBeenCalled();
    expect(getFullscreenElement()).toBe(document.documentElement);
    const button = screen.getByRole('button', { name: 'Exit full screen' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(onFullscreenChange).toHaveBeenLastCalledWith(true);
    await act(async () => fireEvent.click(button));
    expect(exit).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });
});
