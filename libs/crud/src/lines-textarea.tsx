import * as React from 'react';

import { Textarea } from '@smart/ui';
import { linesOf, parseLines } from './field-values';

type LinesTextareaProps = Omit<React.ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  value: unknown;
  onChange: (lines: string[]) => void;
};

/**
 * A list of strings edited one a line (CrudFieldType `lines`). The text stays as typed (a blank line while typing,
 * spaces) and the field holds its trimmed non-empty lines; a new value from outside (a reset, another row) replaces
 * the text.
 */
export function LinesTextarea({ value, onChange, ref, ...rest }: LinesTextareaProps) {
  const items = linesOf(value);
  const [text, setText] = React.useState(() => items.join('\n'));
  const key = items.join('\n');
  if (parseLines(text).join('\n') !== key) setText(key);
  return (
    <Textarea
      {...rest}
      ref={ref}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseLines(event.target.value));
      }}
    />
  );
}
