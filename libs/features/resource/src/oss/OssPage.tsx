import { ossEnable } from '@smart/api-sdk';
import { ossEntity } from '@smart/api-sdk/entities';
import { CrudPage } from '@smart/crud';
import { EnableConfigButton } from '../config-actions';
import { OssDebug } from './OssDebug';
import { ossAdapter, ossResource } from './oss.resource';

export default function OssPage() {
  return (
    <CrudPage
      resource={ossResource}
      adapter={ossAdapter}
      rowActions={(row, { reload }) => (
        <>
          <EnableConfigButton
            entity={ossEntity}
            op="ossEnable"
            row={row}
            what="oss"
            enable={(p) => ossEnable(p)}
            reload={reload}
          />
          <OssDebug row={row} />
        </>
      )}
    />
  );
}
