import { useCrudContext, type CrudToolbarContext, type EntityPageExtension } from '@smart/crud';
import { Button } from '@smart/ui';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrantDialog } from './GrantDialog';

/** The page's grant button (x-entity.actions: grantRecordGrant needs the `add` button, grant_record_add). */
export const GRANT_BUTTON = 'grant_record_add';

function GrantButton({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const { can } = useCrudContext();
  const [open, setOpen] = useState(false);
  if (!can(GRANT_BUTTON)) return null;
  return (
    <>
      <Button variant="primary" data-action="grant-open" onClick={() => setOpen(true)}>
        <Gift aria-hidden />
        {t('pay.grant.open')}
      </Button>
      <GrantDialog open={open} onOpenChange={setOpen} onGranted={page.reload} />
    </>
  );
}

/**
 * The grant records' generic page (libs/crud entity-extension.ts) with the grant in its toolbar: records are written
 * only by a grant, so the page has no add, edit or delete of its own.
 */
const extension: EntityPageExtension = {
  toolbar: (page) => <GrantButton page={page} />,
};
export default extension;
