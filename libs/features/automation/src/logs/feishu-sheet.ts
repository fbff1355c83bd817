// A Feishu spreadsheet as an operator has it at hand: its address (`https://x.feishu.cn/sheets/<token>?sheet=<id>`)
// or the bare token and sheet id the export takes (xsh_comm.yaml XshCommLogToFeiShuRequest).

const TOKEN = /^[0-9A-Za-z_-]{1,64}$/;

/** The token and sheet id a pasted address or token names; undefined when it names none. */
export function readSheet(text: string): { token: string; sheetId?: string } | undefined {
  const s = text.trim();
  if (TOKEN.test(s)) return { token: s };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return undefined;
  }
  const m = /\/sheets\/([0-9A-Za-z_-]{1,64})/.exec(url.pathname);
  if (!m) return undefined;
  const sheet = url.searchParams.get('sheet') ?? undefined;
  return { token: m[1]!, ...(sheet && TOKEN.test(sheet) ? { sheetId: sheet } : {}) };
}

/** A link the console may open: http(s) only (a server's answer is shown, never trusted as script). */
export const safeHref = (href: string): string | undefined => (/^https?:\/\//i.test(href) ? href : undefined);

/**
 * The document a pasted address or token names for an import: a spreadsheet (`/sheets/<token>?sheet=<id>`) or a
 * base (`/base/<app token>?table=<table id>`); a bare token says neither kind.
 */
export function readFeishuDoc(
  text: string,
): { token: string; kind?: 'sheet' | 'bitable'; table?: string } | undefined {
  const s = text.trim();
  if (TOKEN.test(s)) return { token: s };
  const sheet = readSheet(s);
  if (sheet) return { token: sheet.token, kind: 'sheet', ...(sheet.sheetId ? { table: sheet.sheetId } : {}) };
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return undefined;
  }
  const m = /\/base\/([0-9A-Za-z_-]{1,64})/.exec(url.pathname);
  if (!m) return undefined;
  const table = url.searchParams.get('table') ?? undefined;
  return { token: m[1]!, kind: 'bitable', ...(table && TOKEN.test(table) ? { table } : {}) };
}
