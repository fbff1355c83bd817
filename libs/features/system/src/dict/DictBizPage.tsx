import { bizDictApi } from './dict.api';
import { DictWorkbench } from './DictWorkbench';

/** /system/dictbiz: the tenant's business dictionaries, their items below the list. */
export default function DictBizPage() {
  return <DictWorkbench api={bizDictApi} layout="vertical" />;
}
