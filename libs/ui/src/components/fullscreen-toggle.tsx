import { Maximize, Minimize } from 'lucide-react';
import * as React from 'react';

import { useUiLocale } from '../locale/ui-locale';
import { IconButton, type IconButtonProps } from './icon-button';

type VendorDocument = Document & {
  webkitFullscreenElement?: Element | null;
  mozFullScreenElement?: Element | null;
  msFullscreenElement?: Element | null;
  webkitFullscreenEnabled?: boolean;
  mozFullScreenEnabled?: boolean;
  msFullscreenEnabled?: boolean;
  webkitExitFullscreen?: () => Promise<void> | void;
  mozCancelFullScreen?: () => Promise<void> | void;
  msExitFullscreen?: () => Promise<void> | void;
};

type VendorElement = HTMLElement & {
  webkitRequestFullscreen?: () => Promise<void> | void;
  mozRequestFullScreen?: () => Promise<void> | void;
  msRequestFullscreen?: () => Promise<void> | void;
};

const CHANGE_EVENTS = [
  'fullscreenchange',
  'webkitfullscreenchange',
  'mozfullscreenchange',
  'MSFullscreenChange',
];

/** The element in full screen (standard or vendor-prefixed API), or null. */
export function getFullscreenElement(doc: Document = document): Element | null {
  const d = doc as VendorDocument;
  return (
    d.fullscreenElement ??
    d.webkitFullscreenElement ??
    d.mozFullScreenElement ??
    d.msFullscreenElement ??
    null
  );
}

/** Whether the page may enter full screen. */
export function isFullscreenSupported(doc: Document = document): boolean {
  const d = doc as VendorDocument;
  return !!(
    d.fullscreenEnabled ??
    d.webkitFullscreenEnabled ??
    d.mozFullScreenEnabled ??
    d.msFullscreenEnabled
  );
}

export async function requestFullscreen(element: HTMLElement = document.documentElement): Promise<void> {
  const el = element as VendorElement;
  const request =
    el.requestFullscreen ?? el.webkitRequestFullscreen ?? el.mozRequestFullScreen ?? el.msRequestFullscreen;
  await request?.call(el);
}

export async function exitFullscreen(doc: Document = document): Promise<void> {
  const d = doc as VendorDocument;
  if (!getFullscreenElement(d)) return;
  const exit = d.exitFullscreen ?? d.webkitExitFullscreen ?? d.mozCancelFullScreen ?? d.msExitFullscreen;
  await exit?.call(d);
}

/** Tracks full-screen state through the (prefixed) change events; `toggle` enters or leaves. */
export function useFullscreen(target?: () => HTMLElement | null) {
  const subscribe = React.useCallback((listener: () => void) => {
    CHANGE_EVENTS.forEach((name) => document.addEventListener(name, listener));
    return () => CHANGE_EVENTS.forEach((name) => document.removeEventListener(name, listener));
  }, []);
  const isFullscreen = React.useSyncExternalStore(
    subscribe,
    () => getFullscreenElement() !== null,
    () => false,
  );
  const supported = React.useSyncExternalStore(
    subscribe,
    () => isFullscreenSupported(),
    () => false,
  );
  const toggle = React.useCallback(async () => {
    if (getFullscreenElement()) await exitFullscreen();
    else await requestFullscreen(target?.() ?? document.documentElement);
  }, [target]);
  return { isFullscreen, supported, toggle };
}

export type FullscreenToggleProps = Omit<IconButtonProps, 'label' | 'children' | 'onClick'> & {
  /** Element to show in full screen. Default: the whole page. */
  target?: () => HTMLElement | null;
  onFullscreenChange?: (fullscreen: boolean) => void;
};

/** The top bar's full-screen button: "全屏" / "退出全屏" (en: "Full screen" / "Exit full screen"). */
export function FullscreenToggle({ target, onFullscreenChange, disabled, ...props }: FullscreenToggleProps) {
  const { messages } = useUiLocale();
  const { isFullscreen, supported, toggle } = useFullscreen(target);
  const first = React.useRef(true);
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onFullscreenChange?.(isFullscreen);
  }, [isFullscreen, onFullscreenChange]);
  return (
    <IconButton
      data-slot="fullscreen-toggle"
      data-state={isFullscreen ? 'on' : 'off'}
      label={isFullscreen ? messages.exitFullscreen : messages.fullscreen}
      aria-pressed={isFullscreen}
      disabled={disabled || !supported}
      onClick={() => {
        void toggle().catch(() => undefined);
      }}
      {...props}
    >
      {isFullscreen ? <Minimize /> : <Maximize />}
    </IconButton>
  );
}
