/**
 * Reads Yingdao's answers into the client's types, tolerating what the public docs leave open
 * (docs/automation-domain.md §3.1): missing fields become '' / [], group lists use `robotClientGroupUuid`/`…Name` or
 * `uuid`/`name`, and paged lists carry their rows in `data` (an array) or `data.dataList`/`list`/`records`, with the
 * paging next to `data` or inside it.
 */
import {
  YD_PARAM_TYPES,
  type Page,
  type PageInfo,
  type YdApp,
  type YdJob,
  type YdJobListItem,
  type YdJobPage,
  type YdParam,
  type YdRobotClient,
  type YdRobotClientGroup,
  type YdRobotParamDef,
  type YdRobotParams,
} from './types';

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const idOf = (v: unknown): number | string | null =>
  typeof v === 'number' || (typeof v === 'string' && v !== '') ? v : null;

export function params(v: unknown): YdParam[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((p) => {
    const o = obj(p);
    const name = str(o.name);
    if (name === '') return [];
    const type = YD_PARAM_TYPES.includes(o.type as YdParam['type']) ? (o.type as YdParam['type']) : 'str';
    return [{ name, value: str(o.value), type }];
  });
}

export function job(v: unknown): YdJob {
  const o = obj(v);
  const rp = obj(o.robotParams);
  return {
    jobUuid: str(o.jobUuid),
    status: str(o.status),
    statusName: str(o.statusName),
    remark: str(o.remark),
    robotClientUuid: str(o.robotClientUuid),
    robotClientName: str(o.robotClientName),
    startTime: str(o.startTime),
    endTime: str(o.endTime),
    robotUuid: str(o.robotUuid),
    robotName: str(o.robotName),
    screenshotUrl: str(o.screenshotUrl),
    robotParams: { inputs: params(rp.inputs), outputs: params(rp.outputs) },
  };
}

function jobListItem(v: unknown): YdJobListItem {
  const o = obj(v);
  return {
    id: idOf(o.id) ?? '',
    jobUuid: str(o.jobUuid),
    taskName: str(o.taskName),
    status: str(o.status),
    triggerTime: str(o.triggerTime),
    startTime: str(o.startTime),
    endTime: str(o.endTime),
    robotUuid: str(o.robotUuid),
    robotName: str(o.robotName),
    remark: str(o.remark),
    robotClientUuid: str(o.robotClientUuid),
    robotClientName: str(o.robotClientName),
  };
}

export function jobPage(v: unknown): YdJobPage {
  const o = obj(v);
  const dataList = Array.isArray(o.dataList) ? o.dataList.map(jobListItem) : [];
  return {
    hasData: typeof o.hasData === 'boolean' ? o.hasData : dataList.length > 0,
    nextId: idOf(o.nextId),
    preId: idOf(o.preId),
    cursorDirection: str(o.cursorDirection),
    dataList,
  };
}

/** The rows and paging of a paged answer (`page` is the envelope's sibling of `data`, if any). */
export function page<T>(data: unknown, envelopePage: unknown, row: (v: unknown) => T): Page<T> {
  const d = obj(data);
  const rows: unknown[] = Array.isArray(data)
    ? data
    : (([d.dataList, d.list, d.records, d.data].find(Array.isArray) as unknown[] | undefined) ?? []);
  const list = rows.map(row);
  const p = obj(envelopePage ?? d.page);
  const size = num(p.size, list.length);
  const total = num(p.total, list.length);
  const info: PageInfo = {
    total,
    size,
    page: num(p.page, 1),
    pages: num(p.pages, size > 0 ? Math.ceil(total / size) : 0),
  };
  return { list, page: info };
}

export function robotClient(v: unknown): YdRobotClient {
  const o = obj(v);
  const out: YdRobotClient = {
    robotClientUuid: str(o.robotClientUuid),
    robotClientName: str(o.robotClientName),
    status: str(o.status),
    description: str(o.description),
    windowsUserName: str(o.windowsUserName),
    clientIp: str(o.clientIp),
    machineName: str(o.machineName),
  };
  if (o.remark !== undefined) out.remark = str(o.remark);
  return out;
}

export function robotClientGroup(v: unknown): YdRobotClientGroup {
  const o = obj(v);
  return {
    robotClientGroupUuid: str(o.robotClientGroupUuid ?? o.uuid),
    robotClientGroupName: str(o.robotClientGroupName ?? o.name),
  };
}

export function app(v: unknown): YdApp {
  const o = obj(v);
  return {
    appId: str(o.appId),
    appName: str(o.appName),
    appType: str(o.appType),
    ownerName: str(o.ownerName),
    ownerAccount: str(o.ownerAccount),
    version: str(o.version),
    supportParam: o.supportParam === true || o.supportParam === 1 || o.supportParam === 'true',
    createTime: str(o.createTime),
    updateTime: str(o.updateTime),
    icon: str(o.icon),
  };
}

function paramDef(v: unknown): YdRobotParamDef {
  const o = obj(v);
  return {
    name: str(o.name),
    direction: str(o.direction),
    type: str(o.type),
    value: str(o.value),
    description: str(o.description),
    kind: str(o.kind),
  };
}

export function robotParams(v: unknown): YdRobotParams {
  const o = obj(v);
  return {
    inputParams: Array.isArray(o.inputParams) ? o.inputParams.map(paramDef) : [],
    outputParams: Array.isArray(o.outputParams) ? o.outputParams.map(paramDef) : [],
  };
}
