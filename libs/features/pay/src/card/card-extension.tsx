import { rpaCardPasswordEntity } from '@smart/api-sdk/entities';
import { useCanAct, type CrudToolbarContext, type EntityPageExtension } from '@smart/crud';
import { Button } from '@smart/ui';
import { TicketCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardStatusButton } from './CardStatusButton';
import { RedeemDialog } from './RedeemDialog';

/** The contract's operation (x-entity.actions: it needs the card page's edit button). */
export const REDEEM_OP = 'rpaCardPasswordRedeem';

function RedeemButton({ page }: { page: CrudToolbarContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(rpaCardPasswordEntity);
  const [open, setOpen] = useState(false);
  if (!canAct(REDEEM_OP)) return null;
  return (
    <>
      <Button variant="primary" data-action="card-redeem-open" onClick={() => setOpen(true)}>
        <TicketCheck aria-hidden />
        {t('pay.card.redeemOpen')}
      </Button>
      <RedeemDialog open={open} onOpenChange={setOpen} onRedeemed={page.reload} />
    </>
  );
}

/**
 * The card keys' generic page (libs/crud entity-extension.ts): cards are made by their group's generation, so the
 * page adds only the redemption in its toolbar and disable or enable on each card's row.
 */
const extension: EntityPageExtension = {
  toolbar: (page) => <RedeemButton page={page} />,
  rowActions: (row, page) => (
    <CardStatusButton id={String(row['id'])} status={row['cardStatus']} onChanged={page.reload} />
  ),
};
export default extension;
