import { systemDictApi } from './dict.api';
import { DictWorkbench } from './DictWorkbench';

/** /system/dict: the system dictionaries, their items below the list. */
export default function DictPage() {
  return <DictWorkbench api={systemDictApi} layout="vertical" />;
}
