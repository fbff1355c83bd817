import { FileText, Trash2, UploadCloud } from 'lucide-react';
import * as React from 'react';

import { useControllableValue } from '../lib/use-controllable-value';
import { cn } from '../lib/utils';
import type { UiMessages } from '../locale/messages';
import { useUiLocale } from '../locale/ui-locale';
import { controlAria, type FormControlProps } from './control-parts';

/** A finished upload: what the form keeps. */
export type UploadFile = { name: string; url: string };

export type UploadResult = { url: string; name?: string };

/** Uploads one file and resolves to its link; report progress (0–100) through `onProgress`. */
export type UploadHandler = (
  file: File,
  options: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<UploadResult>;

export type UploadRules = {
  /** Like the input's `accept`: '.jpg,.png', 'image/jpeg,image/png', 'image/*'. */
  accept?: string;
  /** Maximum size in bytes. */
  maxSize?: number;
  /** Text for the type message, e.g. 'jpg/png'. Default derived from `accept`. */
  acceptLabel?: string;
};

const MIME_EXT: Record<string, string> = { jpeg: 'jpg', 'svg+xml': 'svg', plain: 'txt' };

/** 'image/jpeg,image/png' → 'jpg/png'; '.pdf,.docx' → 'pdf/docx'. */
export function acceptToLabel(accept: string): string {
  const labels = accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .map((t) => {
      if (t.startsWith('.')) return t.slice(1);
      const [type, sub = ''] = t.split('/');
      if (sub === '*') return type;
      return MIME_EXT[sub] ?? sub;
    });
  return [...new Set(labels)].join('/');
}

/** 512000 → '500KB'; 2 MB → '2MB'. */
export function formatFileSize(bytes: number): string {
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (bytes >= 1024 * 1024) return `${trim(bytes / 1024 / 1024)}MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)}KB`;
  return `${bytes}B`;
}

/** Whether a file matches an `accept` list (extension, exact MIME type or 'type/*'). */
export function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
    .some((token) => {
      if (token.startsWith('.')) {
        if (name.endsWith(token)) return true;
        return token === '.jpg' && name.endsWith('.jpeg');
      }
      if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
      return type === token;
    });
}

/** The validation message of a file, or undefined when it may be uploaded. */
export function validateFile(file: File, rules: UploadRules, messages: UiMessages): string | undefined {
  if (rules.accept && !matchesAccept(file, rules.accept)) {
    return messages.uploadAccept(rules.acceptLabel ?? acceptToLabel(rules.accept));
  }
  if (rules.maxSize !== undefined && file.size > rules.maxSize) {
    return messages.uploadMaxSize(formatFileSize(rules.maxSize));
  }
  return undefined;
}

type PendingFile = {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'error';
};

export type UploadProps = Omit<FormControlProps, 'ref'> &
  UploadRules & {
    /** The uploaded files. */
    value?: UploadFile[] | null;
    defaultValue?: UploadFile[];
    onChange?: (files: UploadFile[]) => void;
    /** Uploads a file (the kit never does HTTP itself). */
    upload: UploadHandler;
    /** Maximum number of files. */
    maxCount?: number;
    /** Choose several files at once. Default true unless `maxCount` is 1. */
    multiple?: boolean;
    /** Called with each rejected file and its message. */
    onReject?: (file: File, message: string) => void;
    /** Text in the drop zone. */
    hint?: React.ReactNode;
    ref?: React.Ref<HTMLButtonElement>;
  };

let uidSeed = 0;
const nextUid = () => `upload-${++uidSeed}`;

/** File upload: click or drop files; type/size/count limits with kit messages; list with progress and remove. */
export function Upload({
  value,
  defaultValue,
  onChange,
  upload,
  accept,
  acceptLabel,
  maxSize,
  maxCount,
  multiple,
  onReject,
  hint,
  className,
  disabled,
  name,
  onBlur,
  ref,
  ...rest
}: UploadProps) {
  const { messages } = useUiLocale();
  const [files, setInner] = useControllableValue<UploadFile[]>(value, defaultValue ?? [], []);
  const latest = React.useRef(files);
  latest.current = files;
  const [pending, setPending] = React.useState<PendingFile[]>([]);
  const [errors, setErrors] = React.useState<string[]>([]);
  const [dragging, setDragging] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const errorId = React.useId();

  const emit = (next: UploadFile[]) => {
    latest.current = next;
    setInner(next);
    onChange?.(next);
  };

  const uploadOne = async (file: File) => {
    const uid = nextUid();
    setPending((prev) => [...prev, { uid, name: file.name, percent: 0, status: 'uploading' }]);
    const controller = new AbortController();
    try {
      const result = await upload(file, {
        signal: controller.signal,
        onProgress: (percent) =>
          setPending((prev) => prev.map((p) => (p.uid === uid ? { ...p, percent } : p))),
      });
      setPending((prev) => prev.filter((p) => p.uid !== uid));
      emit([...latest.current, { name: result.name ?? file.name, url: result.url }]);
    } catch {
      setPending((prev) => prev.map((p) => (p.uid === uid ? { ...p, status: 'error' } : p)));
    }
  };

  const addFiles = (list: FileList | File[]) => {
    const incoming = Array.from(list);
    const problems: string[] = [];
    const accepted: File[] = [];
    const uploading = pending.filter((p) => p.status === 'uploading').length;
    for (const file of incoming) {
      const message = validateFile(file, { accept, maxSize, acceptLabel }, messages);
      if (message) {
        problems.push(`${file.name}: ${message}`);
        onReject?.(file, message);
        continue;
      }
      if (maxCount !== undefined && latest.current.length + uploading + accepted.length >= maxCount) {
        const countMessage = messages.uploadMaxCount(maxCount);
        if (!problems.includes(countMessage)) problems.push(countMessage);
        onReject?.(file, countMessage);
        continue;
      }
      accepted.push(file);
    }
    setErrors(problems);
    for (const file of accepted) void uploadOne(file);
  };

  const full =
    maxCount !== undefined &&
    files.length + pending.filter((p) => p.status === 'uploading').length >= maxCount;

  return (
    <div data-slot="upload" className={cn('grid w-full gap-2', className)}>
      <input
        ref={inputRef}
        type="file"
        name={name}
        data-slot="upload-input"
        className="hidden"
        hidden
        tabIndex={-1}
        aria-label={rest['aria-label'] ?? messages.uploadDrop}
        accept={accept}
        multiple={multiple ?? maxCount !== 1}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.files) addFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <button
        type="button"
        ref={ref}
        data-slot="upload-dropzone"
        data-dragging={dragging || undefined}
        disabled={disabled || full}
        className="flex w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-md border border-dashed border-input bg-background px-4 py-5 text-sm text-muted-foreground transition-colors outline-none hover:border-primary hover:text-primary-text focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[dragging]:border-primary data-[dragging]:bg-accent"
        {...controlAria(rest)}
        aria-label={undefined}
        aria-required={undefined}
        aria-describedby={
          [rest['aria-describedby'], errors.length > 0 ? errorId : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        onClick={() => inputRef.current?.click()}
        onBlur={() => onBlur?.()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled && !full) addFiles(event.dataTransfer.files);
        }}
      >
        {rest['aria-label'] ? <span className="sr-only">{rest['aria-label']}</span> : null}
        <UploadCloud className="size-6" aria-hidden />
        <span>{messages.uploadDrop}</span>
        {hint ??
          (accept || maxSize !== undefined ? (
            <span data-slot="upload-hint" className="text-xs">
              {accept && maxSize !== undefined
                ? messages.uploadHint(acceptLabel ?? acceptToLabel(accept), formatFileSize(maxSize))
                : accept
                  ? messages.uploadAccept(acceptLabel ?? acceptToLabel(accept))
                  : messages.uploadMaxSize(formatFileSize(maxSize ?? 0))}
            </span>
          ) : null)}
      </button>
      {errors.length > 0 ? (
        <div
          data-slot="upload-error"
          id={errorId}
          role="alert"
          className="grid gap-0.5 text-xs text-destructive"
        >
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      {files.length > 0 || pending.length > 0 ? (
        <ul data-slot="upload-list" className="grid gap-1">
          {files.map((file, index) => (
            <li
              key={`${file.url}-${index}`}
              data-slot="upload-item"
              data-status="done"
              className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent"
            >
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <a
                href={file.url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 flex-1 truncate text-primary-text underline-offset-4 hover:underline"
              >
                {file.name}
              </a>
              <button
                type="button"
                data-slot="upload-remove"
                aria-label={`${messages.delete} ${file.name}`}
                disabled={disabled}
                className="flex size-6 cursor-pointer items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none"
                onClick={() => emit(latest.current.filter((_, i) => i !== index))}
              >
                <Trash2 className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
          {pending.map((item) => (
            <li
              key={item.uid}
              data-slot="upload-item"
              data-status={item.status}
              className="grid gap-1 rounded-md px-2 py-1 text-sm"
            >
              <div className="flex items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span
                  className={cn('min-w-0 flex-1 truncate', item.status === 'error' && 'text-destructive')}
                >
                  {item.name}
                  {item.status === 'error' ? ` · ${messages.uploadFailed}` : ''}
                </span>
                {item.status === 'error' ? (
                  <button
                    type="button"
                    data-slot="upload-remove"
                    aria-label={`${messages.delete} ${item.name}`}
                    className="flex size-6 cursor-pointer items-center justify-center rounded-sm text-muted-foreground outline-none hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={() => setPending((prev) => prev.filter((p) => p.uid !== item.uid))}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </button>
                ) : null}
              </div>
              {item.status === 'uploading' ? (
                <div
                  role="progressbar"
                  data-slot="upload-progress"
                  aria-label={`${messages.uploading} ${item.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent}
                  className="h-1 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${item.percent}%` }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
