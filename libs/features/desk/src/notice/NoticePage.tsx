import { CrudPage } from '@smart/crud';
import { noticeAdapter, noticeResource } from './notice.resource';

export default function NoticePage() {
  return <CrudPage resource={noticeResource} adapter={noticeAdapter} />;
}
