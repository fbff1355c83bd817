import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import * as React from 'react';

import { Toaster } from '../src/components/toaster';
import { UiLocaleProvider } from '../src/locale/ui-locale';
import {
  applyTheme,
  DEFAULT_PRIMARY,
  PRIMARY_PRESETS,
  resetPrimaryColor,
  setDarkMode,
  setPrimaryColor,
  THEMES,
} from '../src/theme';
import './preview.css';

function StoryRoot({
  theme,
  mode,
  primary,
  locale,
  children,
}: {
  theme: string;
  mode: 'light' | 'dark';
  primary: string;
  locale: 'zh' | 'en';
  children: React.ReactNode;
}) {
  React.useLayoutEffect(() => {
    setDarkMode(mode === 'dark');
    applyTheme(theme);
    if (primary && primary !== 'theme') setPrimaryColor(primary);
    else resetPrimaryColor();
  }, [theme, mode, primary]);
  return (
    <UiLocaleProvider locale={locale}>
      {children}
      <Toaster theme={mode === 'dark' || theme === 'dark' ? 'dark' : 'light'} />
    </UiLocaleProvider>
  );
}

const preview: Preview = {
  // a documentation page per component (its stories, its props with their descriptions from the source's JSDoc)
  tags: ['autodocs'],
  globalTypes: {
    locale: {
      description: 'UI kit locale',
      toolbar: { title: 'Locale', icon: 'globe', items: ['zh', 'en'], dynamicTitle: true },
    },
    mode: {
      description: 'Light or dark mode (the `dark` class on <html>)',
      toolbar: { title: 'Mode', icon: 'contrast', items: ['light', 'dark'], dynamicTitle: true },
    },
    theme: {
      description: 'Theme class on <html> (`theme-<name>`)',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: THEMES.map((t) => ({ value: t.name, title: `${t.label.zh} · ${t.label.en}` })),
        dynamicTitle: true,
      },
    },
    primary: {
      description: 'Custom primary colour (setPrimaryColor derives the palette)',
      toolbar: {
        title: 'Primary',
        icon: 'circle',
        items: [
          { value: 'theme', title: 'Theme colour' },
          ...PRIMARY_PRESETS.map((c) => ({ value: c, title: c === DEFAULT_PRIMARY ? `${c} (default)` : c })),
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'zh', mode: 'light', theme: 'default', primary: 'theme' },
  parameters: {
    layout: 'padded',
    options: { storySort: { order: ['Start here', 'Components', 'Forms', 'CRUD', 'Features', '*'] } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is checked with axe; a violation fails its test (addon-vitest run).
    a11y: { test: 'error' },
  },
  // Mock Service Worker for stories that talk to the API (handlers in `parameters.msw`).
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
  ],
  decorators: [
    (Story, context) => (
      <StoryRoot
        theme={typeof context.globals.theme === 'string' ? context.globals.theme : 'default'}
        mode={context.globals.mode === 'dark' ? 'dark' : 'light'}
        primary={typeof context.globals.primary === 'string' ? context.globals.primary : 'theme'}
        locale={context.globals.locale === 'en' ? 'en' : 'zh'}
      >
        <Story />
      </StoryRoot>
    ),
  ],
};

export default preview;
