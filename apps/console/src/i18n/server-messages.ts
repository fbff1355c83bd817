import { messageTranslator } from '@smart/api-sdk';
import { i18n } from './index';

let english: ((message: string) => string) | undefined;
let load: Promise<void> | undefined;

/**
 * The English texts of the server's messages (the contract's error catalogue with its rules and labels, about 14 KB
 * gzip): a chunk of their own, loaded only when the console is or turns English, so /login in Chinese never pays it.
 */
export function loadServerMessages(): Promise<void> {
  load ??= import('@smart/api-sdk/messages').then(({ messageTexts }) => {
    english = messageTranslator(messageTexts);
  });
  return load;
}

/** The server's message (sent in Chinese) in the console's language; as sent until the English texts are in. */
export function translateServerMessage(message: string): string {
  return i18n.language === 'en' && english ? english(message) : message;
}

/** Loads the English texts now when the console is English, and whenever it turns English. */
export function followLanguage(): void {
  if (i18n.language === 'en') void loadServerMessages();
  i18n.on('languageChanged', (lng) => {
    if (lng === 'en') void loadServerMessages();
  });
}
