import type { Preview } from '@storybook/react-vite';
import * as React from 'react';

import { Toaster } from '../src/components/toaster';
import { UiLocaleProvider } from '../src/locale/ui-locale';
import './preview.css';

function StoryRoot({
  theme,
  locale,
  children,
}: {
  theme: 'light' | 'dark';
  locale: 'zh' | 'en';
  children: React.ReactNode;
}) {
  React.useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return (
    <UiLocaleProvider locale={locale}>
      {children}
      <Toaster theme={theme} />
    </UiLocaleProvider>
  );
}

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'UI kit locale',
      toolbar: { title: 'Locale', icon: 'globe', items: ['zh', 'en'], dynamicTitle: true },
    },
    theme: {
      description: 'Theme class on <html>',
      toolbar: { title: 'Theme', icon: 'contrast', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'zh', theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  decorators: [
    (Story, context) => (
      <StoryRoot
        theme={context.globals.theme === 'dark' ? 'dark' : 'light'}
        locale={context.globals.locale === 'en' ? 'en' : 'zh'}
      >
        <Story />
      </StoryRoot>
    ),
  ],
};

export default preview;
