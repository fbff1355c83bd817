import { Input } from '@smart/ui';
import QRCode from 'qrcode';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Light modules around the symbol: the quiet zone the QR standard asks for. */
export const QR_QUIET_ZONE = 4;

/** A QR code's modules: `size` × `size`, row by row, 1 dark (qrcode's `BitMatrix`). */
export interface QrModules {
  size: number;
  data: ArrayLike<number>;
}

/** Encodes `content` (qrcode chooses the version and mask; level M, as the channels' own codes use). */
export function encodeQr(content: string): QrModules {
  return QRCode.create(content, { errorCorrectionLevel: 'M' }).modules;
}

/** The dark modules as one SVG path, each a unit square, shifted by the quiet zone. */
export function qrPath({ size, data }: QrModules, border = QR_QUIET_ZONE): string {
  const parts: string[] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (data[y * size + x]) parts.push(`M${x + border},${y + border}h1v1h-1z`);
  return parts.join('');
}

/** The QR code of a pay attempt (an image named for screen readers) and, to copy, its content. */
export function QrCodeView({ content }: { content: string }) {
  const { t } = useTranslation();
  const modules = useMemo(() => encodeQr(content), [content]);
  const side = modules.size + 2 * QR_QUIET_ZONE;
  return (
    <div className="grid gap-2">
      <svg
        role="img"
        aria-label={t('pay.qrImage')}
        data-testid="pay-qr"
        viewBox={`0 0 ${side} ${side}`}
        width={200}
        height={200}
        shapeRendering="crispEdges"
        className="rounded-md border bg-white"
      >
        <rect width={side} height={side} fill="#fff" />
        <path d={qrPath(modules)} fill="#000" />
      </svg>
      <label className="text-xs text-muted-foreground" htmlFor="pay-qr-content">
        {t('pay.qrContent')}
      </label>
      <Input
        id="pay-qr-content"
        readOnly
        value={content}
        data-testid="pay-qr-content"
        onFocus={(e) => e.target.select()}
      />
    </div>
  );
}
