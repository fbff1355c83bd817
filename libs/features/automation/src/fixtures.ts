// Rows of the tests and stories: a Douyin comment task and runs of it, shaped as the contract answers them
// (dy_comm.yaml DyComm, patterns.yaml log group); only the fields the pages read are filled.
import type { DyComm, DyCommLogGroup, DyLive, DyPublishTask, RunStatus, XshCommUrl } from '@smart/api-sdk';

const audit = {
  tenantId: '000000',
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 08:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 08:00:00',
  isDeleted: 0 as const,
};

export function commentTask(over: Partial<DyComm> = {}): DyComm {
  return {
    ...audit,
    id: '4001',
    taskName: '美妆评论',
    cron: '0 0 9,14,20 * * ?',
    nextRunTime: '2026-11-22 14:00:00',
    lastRunTime: '2026-11-22 09:00:00',
    lastRunStatus: 'SUCCESS',
    status: 1,
    ...over,
  } as DyComm;
}

/** A live task pasted as a share link, its room not resolved yet (dy_live.yaml DyLive). */
export function liveTask(over: Partial<DyLive> = {}): DyLive {
  return {
    ...audit,
    id: '4101',
    taskName: '老王直播间',
    cron: '',
    nextRunTime: '',
    lastRunTime: '',
    lastRunStatus: '',
    liveUrl: '8- 长按复制此条消息 https://v.douyin.com/abcDEF1/',
    expandUrl: '',
    webRid: '',
    roomId: '',
    anchorName: '户外老王',
    stayMinutes: 30,
    status: 1,
    ...over,
  } as DyLive;
}

export function commentRun(
  id: string,
  runStatus: RunStatus,
  over: Partial<DyCommLogGroup> = {},
): DyCommLogGroup {
  const done = !['PENDING', 'WAITING', 'RUNNING', 'STOPPING'].includes(runStatus);
  return {
    ...audit,
    id,
    commId: '4001',
    taskName: '美妆评论',
    arrId: '3001',
    robotAccount: 'robot-01',
    triggerType: 2,
    jobUuid: `job-${id}`,
    runStatus,
    triggerTime: '2026-11-22 10:31:00',
    startTime: '2026-11-22 10:31:05',
    endTime: done ? '2026-11-22 10:40:00' : '',
    durationSec: done ? 535 : 0,
    plannedCount: 30,
    successCount: done ? 27 : 12,
    failCount: done ? 2 : 1,
    skipCount: done ? 1 : 0,
    powerCost: 2,
    errorMsg: '',
    ...over,
  } as DyCommLogGroup;
}

/** A Xiaohongshu comment link of the pool (xsh_comm_url.yaml XshCommUrl). */
export function poolLink(id: string, url: string, over: Partial<XshCommUrl> = {}): XshCommUrl {
  return {
    ...audit,
    id,
    ydUserId: '1',
    commId: '4101',
    url,
    itemId: '',
    title: '',
    useStatus: 0,
    commentCount: 0,
    lastCommentTime: '',
    source: 1,
    sort: 1,
    status: 1,
    ...over,
  } as XshCommUrl;
}

/** A Douyin publish item (dy_publish.yaml DyPublishTask) in `publishStatus`. */
export function publishItem(
  id: string,
  publishStatus: number,
  over: Partial<DyPublishTask> = {},
): DyPublishTask {
  return {
    ...audit,
    id,
    publishId: '4201',
    arrId: '3001',
    title: `露营视频${id}`,
    videoUrl: 'https://bucket.oss-cn-hangzhou.aliyuncs.com/pub/v1.mp4',
    publishStatus,
    jobUuid: publishStatus > 0 ? `job-${id}` : '',
    publishedUrl: publishStatus === 3 ? `https://www.douyin.com/video/728085493264166${id}` : '',
    failReason: publishStatus === 4 ? 'verify: 提交后未在作品列表找到该作品' : '',
    ...over,
  } as DyPublishTask;
}
