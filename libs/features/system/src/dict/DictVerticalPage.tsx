import { systemDictApi } from './dict.api';
import { DictWorkbench } from './DictWorkbench';

/** /dict-vertical/index (docs/spec.md §2): the system dictionaries with their items stacked below. */
export default function DictVerticalPage() {
  return <DictWorkbench api={systemDictApi} layout="vertical" />;
}
