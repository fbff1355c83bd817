import { CrudPage } from '@smart/crud';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dyCommonAdapter, dyCommonResource } from './dy-common.resource';

export default function DyCommonPage() {
  const { t } = useTranslation();
  const resource = useMemo(() => dyCommonResource(t), [t]);
  return <CrudPage resource={resource} adapter={dyCommonAdapter} />;
}
