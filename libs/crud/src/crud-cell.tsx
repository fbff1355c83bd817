import { useCrudContext } from './crud-context';
import { MenuIcon } from './menu-icons';
import { formatCellValue, toText, toUploadFiles } from './field-values';
import { useColumnOptions } from './remote-options';
import type { CrudColumn } from './types';

/** Cell of a list column: dictionary labels, formatted dates, avatar thumbnail, colour swatch, file links. */
export function CrudCell<Row, Form>({ column, row }: { column: CrudColumn<Row, Form>; row: Row }) {
  const { t } = useCrudContext();
  const options = useColumnOptions(column);
  if (column.render) return <>{column.render(row)}</>;
  const value = (row as Record<string, unknown>)[column.prop];
  if (column.type === 'avatar') {
    const url = toText(value);
    if (!url) return null;
    return (
      <img
        data-slot="crud-cell-avatar"
        src={url}
        alt={t(column.label)}
        className="inline-block size-8 rounded-full border border-border object-cover"
      />
    );
  }
  if (column.type === 'color') {
    const hex = toText(value);
    if (!hex) return null;
    return (
      <span data-slot="crud-cell-colour" className="inline-flex items-center gap-1.5">
        <span
          aria-hidden
          className="size-4 shrink-0 rounded-sm border border-border"
          style={{ backgroundColor: hex }}
        />
        <span className="font-mono text-xs">{hex}</span>
      </span>
    );
  }
  if (column.type === 'icon') {
    const name = toText(value);
    if (!name) return null;
    return (
      <span data-slot="crud-cell-icon" className="inline-flex items-center gap-1.5">
        <MenuIcon name={name} />
        <span className="font-mono text-xs">{name}</span>
      </span>
    );
  }
  if (column.type === 'upload') {
    const files = toUploadFiles(value, column.separator ?? ',');
    return (
      <span data-slot="crud-cell-files" className="inline-flex flex-wrap gap-x-2">
        {files.map((file, index) => (
          <a
            key={`${file.url}-${index}`}
            href={file.url}
            target="_blank"
            rel="noreferrer"
            className="text-primary-text underline-offset-4 hover:underline"
          >
            {file.name}
          </a>
        ))}
      </span>
    );
  }
  return <>{formatCellValue(column, value, options)}</>;
}
