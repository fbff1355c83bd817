import type { EntityManifestData } from '@smart/api-sdk/manifest';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RefPicker } from './RefPicker';

export interface TaskPickerProps {
  /** The entity whose `commId` names the comment task (a pool, a comment log). */
  entity: EntityManifestData;
  /** The comment task's id, '' for every task of the account. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
}

/** The comment task rows belong to, or every task (''). */
export function TaskPicker(props: TaskPickerProps) {
  const { t } = useTranslation();
  return (
    <RefPicker
      {...props}
      field="commId"
      label={t('automation.pool.task')}
      placeholder={t('automation.pool.anyTask')}
    />
  );
}
