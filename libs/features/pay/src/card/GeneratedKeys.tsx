import type { RpaCardKey } from '@smart/api-sdk';
import { Button, exportRows, toast, type ExportColumn, type ExportFormat } from '@smart/ui';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface GeneratedKeysProps {
  /** Name of the group the cards went to: the download's file name. */
  groupName: string;
  cards: readonly RpaCardKey[];
}

/** One card a line, number and secret separated by a tab: pastes as two columns into a spreadsheet. */
export const keysAsText = (cards: readonly RpaCardKey[]) =>
  cards.map((c) => `${c.cardNo}\t${c.cardSecret}`).join('\n');

/**
 * The cards just generated with their secrets (rpa_card_group/generate answers them this once; the server keeps only
 * hashes): copy them all, or download them as CSV or Excel, before the dialog closes.
 */
export function GeneratedKeys({ groupName, cards }: GeneratedKeysProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | undefined>();
  const columns: ExportColumn<RpaCardKey>[] = [
    { id: 'cardNo', label: t('pay.card.cardNo'), value: (c) => c.cardNo, width: 24 },
    { id: 'cardSecret', label: t('pay.card.cardSecret'), value: (c) => c.cardSecret, width: 24 },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(keysAsText(cards));
      toast.success(t('pay.card.copied', { count: cards.length }));
    } catch {
      toast.error(t('pay.card.copyFailed'));
    }
  };
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await exportRows({
        format,
        rows: cards,
        columns,
        filename: t('pay.card.fileName', { name: groupName }),
      });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="grid gap-3">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
      >
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
        {t('pay.card.onceWarning')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button data-action="card-keys-copy" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('pay.card.copyAll')}
        </Button>
        <Button data-action="card-keys-csv" loading={busy === 'csv'} onClick={() => void download('csv')}>
          <Download aria-hidden />
          {t('pay.card.downloadCsv')}
        </Button>
        <Button data-action="card-keys-xlsx" loading={busy === 'xlsx'} onClick={() => void download('xlsx')}>
          <Download aria-hidden />
          {t('pay.card.downloadXlsx')}
        </Button>
      </div>
      {/* focusable, so a keyboard can scroll through a thousand rows */}
      <div
        role="region"
        tabIndex={0}
        aria-label={t('pay.card.keysCaption', { count: cards.length })}
        className="max-h-72 overflow-auto rounded-md border"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{t('pay.card.keysCaption', { count: cards.length })}</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-left font-medium">
                {t('pay.card.cardNo')}
              </th>
              <th scope="col" className="px-3 py-1.5 text-left font-medium">
                {t('pay.card.cardSecret')}
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.map((c) => (
              <tr key={c.id} className="border-t">
                <td className="px-3 py-1 font-mono tabular-nums">{c.cardNo}</td>
                <td className="px-3 py-1 font-mono select-all">{c.cardSecret}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
