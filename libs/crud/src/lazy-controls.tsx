import * as React from 'react';

import { Skeleton } from '@smart/ui';
import type * as HeavyControls from './heavy-controls';
import type { RichTextEditorProps } from './rich-text-editor';

// The CRUD kit's heavier controls (day picker, cmdk lists, trees, uploads, colour picker) load on first use, so a
// resource made of text fields — most of them — does not carry them in its feature chunk.
function lazyControl<P extends object>(load: () => Promise<React.ComponentType<P>>): React.ComponentType<P> {
  const Lazy = React.lazy(async () => ({ default: await load() }));
  function LazyControl(props: P) {
    return (
      <React.Suspense fallback={<Skeleton data-slot="crud-control-loading" className="h-9 w-full" />}>
        <Lazy {...props} />
      </React.Suspense>
    );
  }
  return LazyControl;
}

type PropsOf<T> = T extends React.ComponentType<infer P> ? P : never;
type Controls = typeof HeavyControls;

export const AvatarUpload = lazyControl<PropsOf<Controls['AvatarUpload']>>(() =>
  import('./heavy-controls').then((m) => m.AvatarUpload),
);
export const Cascader = lazyControl<PropsOf<Controls['Cascader']>>(() =>
  import('./heavy-controls').then((m) => m.Cascader),
);
export const ColourPicker = lazyControl<PropsOf<Controls['ColourPicker']>>(() =>
  import('./heavy-controls').then((m) => m.ColourPicker),
);
export const Combobox = lazyControl<PropsOf<Controls['Combobox']>>(() =>
  import('./heavy-controls').then((m) => m.Combobox),
);
export const DatePicker = lazyControl<PropsOf<Controls['DatePicker']>>(() =>
  import('./heavy-controls').then((m) => m.DatePicker),
);
export const DateRangePicker = lazyControl<PropsOf<Controls['DateRangePicker']>>(() =>
  import('./heavy-controls').then((m) => m.DateRangePicker),
);
export const DateTimePicker = lazyControl<PropsOf<Controls['DateTimePicker']>>(() =>
  import('./heavy-controls').then((m) => m.DateTimePicker),
);
export const MultiSelect = lazyControl<PropsOf<Controls['MultiSelect']>>(() =>
  import('./heavy-controls').then((m) => m.MultiSelect),
);
export const TreeSelect = lazyControl<PropsOf<Controls['TreeSelect']>>(() =>
  import('./heavy-controls').then((m) => m.TreeSelect),
);
export const Upload = lazyControl<PropsOf<Controls['Upload']>>(() =>
  import('./heavy-controls').then((m) => m.Upload),
);

// The rich text editor (Tiptap, ProseMirror, DOMPurify) is a chunk of its own, not part of heavy-controls: it is the
// heaviest control and only a notice's form uses it, so a date picker never brings it along.
export const RichTextEditor = lazyControl<RichTextEditorProps>(() =>
  import('./rich-text-editor').then((m) => m.RichTextEditor),
);
