import * as React from 'react';

import { type UiLocale, type UiMessages, uiMessages } from './messages';

export interface UiLocaleValue {
  locale: UiLocale;
  messages: UiMessages;
}

const UiLocaleContext = React.createContext<UiLocaleValue>({ locale: 'zh', messages: uiMessages.zh });

export type UiLocaleProviderProps = {
  /** 'zh' (default) or 'en'. */
  locale?: UiLocale;
  /** Override individual strings (e.g. from the app's i18n catalogue). */
  messages?: Partial<UiMessages>;
  children?: React.ReactNode;
};

export function UiLocaleProvider({ locale = 'zh', messages, children }: UiLocaleProviderProps) {
  const value = React.useMemo<UiLocaleValue>(
    () => ({ locale, messages: { ...uiMessages[locale], ...messages } }),
    [locale, messages],
  );
  return <UiLocaleContext.Provider value={value}>{children}</UiLocaleContext.Provider>;
}

/** The kit's current locale and strings (zh when no provider is mounted). */
export function useUiLocale(): UiLocaleValue {
  return React.useContext(UiLocaleContext);
}
