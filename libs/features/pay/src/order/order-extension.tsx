import {
  CUSTOMERS,
  useRemoteOptions,
  type CrudRowActionContext,
  type EntityPageExtension,
  type EntityRow,
} from '@smart/crud';
import { Button } from '@smart/ui';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayAttemptsDialog } from './PayAttemptsDialog';

/** A customer by name and account, as the grant and redeem dialogs list them; the id while they load. */
function CustomerName({ id }: { id: string }) {
  const customers = useRemoteOptions(CUSTOMERS);
  return <>{customers.find((c) => String(c.value) === id)?.label ?? id}</>;
}

/** 支付记录 on an order's row: its pay attempts (who can read the order can read them, as its detail). */
function AttemptsButton({ row }: { row: EntityRow; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="xs" data-action="order-attempts" onClick={() => setOpen(true)}>
        <ReceiptText aria-hidden />
        {t('pay.attempts.open')}
      </Button>
      {/* mounted while open only: its query runs then */}
      {open ? (
        <PayAttemptsDialog
          order={{ id: String(row['id']), orderNo: String(row['orderNo'] ?? '') }}
          onOpenChange={setOpen}
        />
      ) : null}
    </>
  );
}

/**
 * The orders' generic page (libs/crud entity-extension.ts) with each order's pay attempts, and the columns an
 * operator looks for first: number, customer, product, amount, state, channel, when paid.
 */
const extension: EntityPageExtension = {
  // the server fills these (read-only): listed, and searched by number and state, only when named here
  columns: {
    orderNo: {},
    payAmount: {},
    orderStatus: {},
    paidTime: {},
    createTime: {},
    ydUserId: { render: (row) => <CustomerName id={String(row['ydUserId'] ?? '')} /> },
  },
  listColumns: [
    'orderNo',
    'ydUserId',
    'productName',
    'payAmount',
    'orderStatus',
    'payChannel',
    'paidTime',
    'createTime',
  ],
  rowActions: (row, page) => <AttemptsButton row={row} page={page} />,
  menuWidth: 300,
};
export default extension;
