import { CrudPage } from '@smart/crud';
import { smsAdapter, smsResource } from './sms.resource';

export default function SmsPage() {
  return <CrudPage resource={smsResource} adapter={smsAdapter} />;
}
