import { rpaCardGroupEntity } from '@smart/api-sdk/entities';
import { useCanAct, type CrudRowActionContext, type EntityPageExtension, type EntityRow } from '@smart/crud';
import { Button } from '@smart/ui';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GenerateCardsDialog, type TargetGroup } from './GenerateCardsDialog';

/** The contract's operation (x-entity.actions: it needs the card groups page's add button). */
export const GENERATE_OP = 'rpaCardGroupGenerate';

/** 生成卡密: in the toolbar for a new group, on a group's row for more cards of that group. */
function GenerateButton({ page, group }: { page: CrudRowActionContext; group?: TargetGroup }) {
  const { t } = useTranslation();
  const canAct = useCanAct(rpaCardGroupEntity);
  const [open, setOpen] = useState(false);
  if (!canAct(GENERATE_OP)) return null;
  return (
    <>
      <Button
        variant={group ? 'link' : 'primary'}
        size={group ? 'xs' : undefined}
        data-action={group ? 'card-generate-more' : 'card-generate-open'}
        onClick={() => setOpen(true)}
      >
        <KeyRound aria-hidden />
        {t(group ? 'pay.card.generateMore' : 'pay.card.generateOpen')}
      </Button>
      <GenerateCardsDialog open={open} onOpenChange={setOpen} group={group} onGenerated={page.reload} />
    </>
  );
}

const targetOf = (row: EntityRow): TargetGroup => ({
  id: String(row['id']),
  groupName: String(row['groupName'] ?? ''),
});

/**
 * The card groups' generic page (libs/crud entity-extension.ts) with the generation of card keys: a new group with
 * its cards from the toolbar, more cards of a group from its row. Add, edit and remove stay the kit's.
 */
const extension: EntityPageExtension = {
  toolbar: (page) => <GenerateButton page={page} />,
  rowActions: (row, page) => <GenerateButton page={page} group={targetOf(row)} />,
  menuWidth: 260,
};
export default extension;
