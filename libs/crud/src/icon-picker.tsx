import { Combobox, type ComboboxProps } from '@smart/ui';
import { useMemo } from 'react';
import { useMenuIcons } from './menu-icons';

type IconPickerProps = Omit<ComboboxProps, 'options' | 'onChange' | 'value'> & {
  value: string;
  onChange: (name: string) => void;
};

/**
 * A field of type `icon` (a menu's `source`, menu.yaml): a searchable list of exactly the icons the console renders
 * (menu-icons.ts), each shown beside its name, so a menu cannot be given a name that falls back to the default icon.
 * A stored name outside the set shows as it is, and clearing sends '' (the default icon).
 */
export function IconPicker({ value, onChange, ...rest }: IconPickerProps) {
  const icons = useMenuIcons();
  const options = useMemo(
    () =>
      icons.map(([name, Icon]) => ({
        value: name,
        label: name,
        icon: <Icon className="size-4 shrink-0" aria-hidden />,
      })),
    [icons],
  );
  return <Combobox {...rest} options={options} value={value} onChange={(v) => onChange(v ?? '')} />;
}
