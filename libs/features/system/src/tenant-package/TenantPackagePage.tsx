import { menuTree } from '@smart/api-sdk';
import { CrudPage, type Option } from '@smart/crud';
import { useEffect, useMemo, useState } from 'react';
import { treeOptions } from '../shared/tree-options';
import { tenantPackageAdapter, tenantPackageResource } from './tenant-package.resource';

export default function TenantPackagePage() {
  const [menus, setMenus] = useState<Option[]>([]);

  useEffect(() => {
    let alive = true;
    menuTree().then(
      (nodes) => {
        if (alive) setMenus(treeOptions(nodes));
      },
      () => {
        // The HTTP layer reported it; the list then shows menu ids instead of names.
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  const resource = useMemo(() => tenantPackageResource(menus), [menus]);
  return <CrudPage resource={resource} adapter={tenantPackageAdapter} />;
}
