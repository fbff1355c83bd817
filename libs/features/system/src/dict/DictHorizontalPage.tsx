import { systemDictApi } from './dict.api';
import { DictWorkbench } from './DictWorkbench';

/** /dict-horizontal/index (docs/spec.md §2): the system dictionaries and their items side by side. */
export default function DictHorizontalPage() {
  return <DictWorkbench api={systemDictApi} layout="horizontal" />;
}
