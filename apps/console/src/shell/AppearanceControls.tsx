import {
  ColourPicker,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  IconButton,
  PRIMARY_PRESETS,
  THEMES,
} from '@smart/ui';
import { Palette } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { setColor, setTheme, useAppearance } from './appearance';

/** The spec's 11 themes (§2 top bar) as radio items of a menu: the top bar's picker and the phone's user menu. */
export function ThemeRadioGroup() {
  const { theme } = useAppearance();
  const lang = currentLanguage();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value)}>
      {THEMES.map((info) => (
        <DropdownMenuRadioItem key={info.name} value={info.name} data-theme-name={info.name}>
          <span
            aria-hidden
            className="size-3 rounded-full border"
            style={{ background: `linear-gradient(135deg, ${info.sidebar} 50%, ${info.primary} 50%)` }}
          />
          {info.label[lang]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The theme picker, kept in local storage. */
export function ThemePicker() {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton size="icon-sm" label={t('theme.title')} data-testid="theme-picker">
          <Palette />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>{t('theme.title')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <ThemeRadioGroup />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The primary-colour picker (default #409EFF), kept in local storage; clearing returns to the theme's colour. */
export function PrimaryColourPicker() {
  const { t } = useTranslation();
  const { color } = useAppearance();
  return (
    <ColourPicker
      value={color}
      onChange={setColor}
      presets={[...PRIMARY_PRESETS]}
      clearable
      aria-label={t('theme.color')}
      placeholder={t('theme.colorDefault')}
      // as wide as its text in either language ("Theme default" was cut off at a fixed 8rem)
      className="w-auto min-w-32"
    />
  );
}
