import { Button } from '@smart/ui';
import { Upload } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

export interface FilePickButtonProps {
  /** Called with the picked file; the input is emptied when it settles, so the same file may be picked again. */
  onFile: (file: File) => Promise<unknown>;
  busy: boolean;
  /** `data-action` of the button. */
  action: string;
  /** `data-testid` of the hidden input, where tests put their file. */
  inputTestId: string;
  children: ReactNode;
  className?: string;
}

/** A primary button that opens the browser's file picker for one file (the attachment upload, a storage's 调试). */
export function FilePickButton({
  onFile,
  busy,
  action,
  inputTestId,
  children,
  className,
}: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="hidden"
        data-testid={inputTestId}
        tabIndex={-1}
        aria-hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          void onFile(file).finally(() => {
            if (input.current) input.current.value = '';
          });
        }}
      />
      <Button
        variant="primary"
        className={className}
        data-action={action}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden />
        {children}
      </Button>
    </>
  );
}
