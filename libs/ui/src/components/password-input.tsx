import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';

import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { inputClassName } from './input';

export type PasswordInputProps = Omit<React.ComponentProps<'input'>, 'type'> & {
  /** Start with the password visible. */
  defaultVisible?: boolean;
};

export function PasswordInput({ className, defaultVisible = false, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = React.useState(defaultVisible);
  const { messages } = useUiLocale();
  return (
    <div data-slot="password-input" className="relative w-full">
      <input
        type={visible ? 'text' : 'password'}
        data-slot="password-input-control"
        className={cn(inputClassName, 'pr-9', className)}
        disabled={disabled}
        {...props}
      />
      <button
        type="button"
        data-slot="password-input-toggle"
        className="absolute inset-y-0 right-0 flex w-9 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
        aria-label={visible ? messages.hidePassword : messages.showPassword}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}
