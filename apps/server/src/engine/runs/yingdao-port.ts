/**
 * What the run lifecycle needs of Yingdao (docs/automation-domain.md §3.1), so that it does not depend on how the
 * client is built or where its credentials come from (../yingdao, the tenant's `yingdao_auth` row, or the sandbox).
 */
export interface YdParam {
  name: string;
  value: string;
  type: 'str' | 'int' | 'float' | 'bool' | 'file';
}

export interface YdStartJob {
  robotUuid: string;
  accountName?: string | undefined;
  robotClientGroupUuid?: string | undefined;
  idempotentUuid: string;
  waitTimeoutSeconds?: number | undefined;
  runTimeout?: number | undefined;
  priority?: string | undefined;
  params: YdParam[];
}

export interface YdJob {
  jobUuid: string;
  status: string;
  remark?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  screenshotUrl?: string | undefined;
  outputs?: YdParam[] | undefined;
}

export interface YingdaoPort {
  startJob(job: YdStartJob): Promise<{ jobUuid: string; idempotentFlag?: boolean }>;
  queryJob(jobUuid: string): Promise<YdJob>;
  stopJob(jobUuid: string): Promise<void>;
}

export interface YingdaoBinding {
  client: YingdaoPort;
  /** The Yingdao app to run for a task module when the task names none (`yingdao_auth.app_map`). */
  appFor(taskType: string): string;
}

/** Resolves the Yingdao account of a tenant (and customer); undefined when none is configured. */
export type YingdaoResolver = (
  tenantId: string,
  ydUserId: bigint | null,
) => Promise<YingdaoBinding | undefined>;
