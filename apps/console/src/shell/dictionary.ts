import { dictDictionary } from '@smart/api-sdk/requests';
import type { Option } from '@smart/crud';

/**
 * The CRUD kit's dictionary lookup (a column's `dict`, e.g. post's `post_category` from the contract's x-dict): the
 * items of `dict/dictionary?code=` as options, label `dictValue`, value `dictKey`. The kit caches per provider.
 */
export async function loadDictionary(code: string): Promise<Option[]> {
  const items = await dictDictionary({ code });
  return items.map((item) => ({ label: item.dictValue, value: item.dictKey }));
}
