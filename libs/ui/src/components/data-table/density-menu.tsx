import { Rows3 } from 'lucide-react';

import { useUiLocale } from '../../locale/ui-locale';
import { Button } from '../button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../dropdown-menu';
import { DENSITIES, type Density } from './table-state';

export type DensityMenuProps = {
  value: Density;
  onChange: (density: Density) => void;
  className?: string;
};

/** Row density switch: compact, default, comfortable. */
export function DensityMenu({ value, onChange, className }: DensityMenuProps) {
  const { messages } = useUiLocale();
  const labels: Record<Density, string> = {
    compact: messages.densityCompact,
    default: messages.densityDefault,
    comfortable: messages.densityComfortable,
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="default"
          size="icon"
          aria-label={messages.density}
          title={messages.density}
          data-action="density"
          className={className}
        >
          <Rows3 aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{messages.density}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={(v) => onChange(v as Density)}>
          {DENSITIES.map((d) => (
            <DropdownMenuRadioItem key={d} value={d}>
              {labels[d]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
