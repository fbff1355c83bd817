import { smsEnable } from '@smart/api-sdk';
import { smsEntity } from '@smart/api-sdk/entities';
import { CrudPage } from '@smart/crud';
import { EnableConfigButton } from '../config-actions';
import { smsAdapter, smsResource } from './sms.resource';
import { SendTestSms } from './SendTestSms';

export default function SmsPage() {
  return (
    <CrudPage
      resource={smsResource}
      adapter={smsAdapter}
      rowActions={(row, { reload }) => (
        <>
          <EnableConfigButton
            entity={smsEntity}
            op="smsEnable"
            row={row}
            what="sms"
            enable={(p) => smsEnable(p)}
            reload={reload}
          />
          <SendTestSms row={row} />
        </>
      )}
    />
  );
}
