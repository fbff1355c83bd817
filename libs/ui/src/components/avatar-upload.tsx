import { Loader2, Plus } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import { useUiLocale } from '../locale/ui-locale';
import { controlAria, type FormControlProps } from './control-parts';
import { formatFileSize, type UploadHandler, validateFile } from './upload';

/** The spec's avatar limits (§9): jpg/png, at most 500 kB. */
export const AVATAR_ACCEPT = 'image/jpeg,image/png';
export const AVATAR_MAX_SIZE = 500 * 1024;

export type AvatarUploadProps = FormControlProps & {
  /** The avatar link. */
  value?: string | null;
  defaultValue?: string;
  onChange?: (url: string | undefined) => void;
  /** Uploads the image and resolves to its link (e.g. `data.link` of put-file). */
  upload: UploadHandler;
  /** Default 'image/jpeg,image/png'. */
  accept?: string;
  /** Default 'jpg/png'. */
  acceptLabel?: string;
  /** Bytes. Default 500 kB. */
  maxSize?: number;
  /** Diameter in px. Default 96. */
  size?: number;
  /** Called with a rejected file and its message. */
  onReject?: (file: File, message: string) => void;
};

/** Round avatar preview; click or drop an image to upload it (jpg/png ≤ 500 kB by default). */
export function AvatarUpload({
  value,
  defaultValue,
  onChange,
  upload,
  accept = AVATAR_ACCEPT,
  acceptLabel = 'jpg/png',
  maxSize = AVATAR_MAX_SIZE,
  size = 96,
  onReject,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: AvatarUploadProps) {
  const { messages } = useUiLocale();
  const [url, setInner] = useControllableValue<string | undefined>(value, defaultValue, undefined);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const errorId = React.useId();

  const take = async (file: File | undefined) => {
    if (!file) return;
    const message = validateFile(file, { accept, maxSize, acceptLabel }, messages);
    if (message) {
      setError(message);
      onReject?.(file, message);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const result = await upload(file, {
        signal: new AbortController().signal,
        onProgress: (percent) => setProgress(percent),
      });
      setInner(result.url);
      onChange?.(result.url);
    } catch {
      setError(messages.uploadFailed);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const describedBy = [rest['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <div data-slot="avatar-upload" className={cn('inline-grid justify-items-start gap-1.5', className)}>
      <input
        ref={inputRef}
        type="file"
        name={name}
        data-slot="avatar-upload-input"
        className="hidden"
        hidden
        tabIndex={-1}
        aria-label={rest['aria-label'] ?? messages.uploadAvatar}
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        ref={ref}
        data-slot="avatar-upload-trigger"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        {...controlAria(rest)}
        aria-required={undefined}
        aria-label={
          rest['aria-label'] ??
          (rest['aria-labelledby'] || rest.id
            ? undefined
            : url
              ? messages.changeAvatar
              : messages.uploadAvatar)
        }
        aria-describedby={describedBy || undefined}
        style={{ width: size, height: size }}
        className="relative flex shrink-0 cursor-pointer items-center justify-center overflow-hidden rounded-full border border-dashed border-input bg-muted text-muted-foreground transition-colors outline-none hover:border-primary hover:text-primary-text focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive"
        onClick={() => inputRef.current?.click()}
        onBlur={() => onBlur?.()}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          if (!disabled && !busy) void take(event.dataTransfer.files[0]);
        }}
      >
        {url ? (
          <img data-slot="avatar-upload-image" src={url} alt="" className="size-full object-cover" />
        ) : (
          <Plus className="size-6" aria-hidden />
        )}
        {busy ? (
          <span
            data-slot="avatar-upload-progress"
            className="absolute inset-0 flex items-center justify-center bg-overlay/50 text-xs text-primary-foreground"
          >
            <Loader2 className="size-5 animate-spin" aria-hidden />
            <span className="sr-only">
              {messages.uploading} {progress}%
            </span>
          </span>
        ) : null}
      </button>
      <p data-slot="avatar-upload-hint" className="text-xs text-muted-foreground">
        {messages.uploadHint(acceptLabel, formatFileSize(maxSize))}
      </p>
      {error ? (
        <p data-slot="avatar-upload-error" id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
