import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '@smart/auth';
import en from './en';
import zh from './zh';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];

function storedLanguage(): Language {
  const value = getStore<string>({ name: 'language' });
  return value === 'en' ? 'en' : 'zh';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'zh',
  // The generated entity catalogue joins these behind the login (loadEntityCatalogue below).
  resources: {
    zh: { translation: zh },
    en: { translation: en },
  },
  // React escapes what it renders; escaping here too would double-encode.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng === 'en' ? 'en' : 'zh-CN';
});
document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';

export function setLanguage(lng: Language): void {
  setStore({ name: 'language', content: lng });
  void i18n.changeLanguage(lng);
}

/** Merges a feature's catalogue into the console's. */
export function addCatalogue(bundles: Record<Language, Record<string, unknown>>): void {
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, 'translation', bundles[lng], true, true);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

let entityCatalogueLoad: Promise<void> | undefined;

/**
 * The generated entity catalogue (labels, rules and titles from the contract, under `entity.<name>`): what resources
 * compiled by defineResource(entity) ask for (libs/crud/src/entity-resource.ts). About 130 KB of text that the login
 * page never shows, so it is its own chunk, loaded with the layout (shell/preload.ts) rather than with /login.
 */
export function loadEntityCatalogue(): Promise<void> {
  entityCatalogueLoad ??= import('@smart/api-sdk/entity-catalogue').then(({ entityCatalogue }) =>
    addCatalogue(entityCatalogue),
  );
  return entityCatalogueLoad;
}
