import { userExport, userExportTemplate, type UserExportParams } from '@smart/api-sdk';
import { saveBlob } from '../excel/save-blob';

/**
 * The export's filters out of the list's query (the contract's query names, user.yaml `export-user`: the page's
 * filters without paging or sort); empty values are left out, as the list leaves them.
 */
export function exportFilters(query: Readonly<Record<string, unknown>>): UserExportParams {
  const out: UserExportParams = {};
  const text = (k: string) => {
    const v = query[k];
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  };
  if (text('account')) out.account = text('account');
  if (text('realName')) out.realName = text('realName');
  if (text('deptId')) out.deptId = text('deptId');
  if (text('tenantId')) out.tenantId = text('tenantId');
  const userType = Number(text('userType'));
  if (text('userType') && (userType === 1 || userType === 2 || userType === 3)) out.userType = userType;
  const status = Number(text('status'));
  if (text('status') && (status === 0 || status === 1 || status === 2)) out.status = status;
  return out;
}

/** The users matching the filters as a workbook (`export-user`). Refusals are the HTTP layer's toast. */
export async function downloadUserExport(filters: UserExportParams, filename: string): Promise<void> {
  saveBlob(await userExport(filters), filename);
}

/** The import template (`export-template`). */
export async function downloadUserTemplate(filename: string): Promise<void> {
  saveBlob(await userExportTemplate(), filename);
}
