// The leave workflow's in-layout routes (docs/spec.md §2). They carry path parameters, so the shell matches them by pattern
// instead of the exact paths of its other views.

export type LeaveRoute =
  | { page: 'form'; processDefinitionId: string }
  | { page: 'handle'; taskId: string; processInstanceId: string; businessId: string }
  | { page: 'detail'; processInstanceId: string; businessId: string };

export const LEAVE_PREFIX = '/work/process/leave/';

const segment = (s: string | undefined): string | undefined => {
  if (!s) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined; // a malformed escape is no route
  }
};

export function parseLeaveRoute(path: string): LeaveRoute | undefined {
  if (!path.startsWith(LEAVE_PREFIX)) return undefined;
  const [page, ...raw] = path.slice(LEAVE_PREFIX.length).split('/');
  const parts = raw.map(segment);
  if (parts.some((p) => p === undefined)) return undefined;
  const [a, b, c] = parts as string[];
  if (page === 'form' && parts.length === 1) return { page, processDefinitionId: a! };
  if (page === 'handle' && parts.length === 3)
    return { page, taskId: a!, processInstanceId: b!, businessId: c! };
  if (page === 'detail' && parts.length === 2) return { page, processInstanceId: a!, businessId: b! };
  return undefined;
}

export const leaveDetailPath = (processInstanceId: string, businessId: string) =>
  `${LEAVE_PREFIX}detail/${encodeURIComponent(processInstanceId)}/${encodeURIComponent(businessId)}`;

export const leaveHandlePath = (taskId: string, processInstanceId: string, businessId: string) =>
  `${LEAVE_PREFIX}handle/${[taskId, processInstanceId, businessId].map(encodeURIComponent).join('/')}`;

export const leaveFormPath = (processDefinitionId: string) =>
  `${LEAVE_PREFIX}form/${encodeURIComponent(processDefinitionId)}`;
