import { dictDictionary } from '@smart/api-sdk/requests';
import type { Option } from '@smart/crud';
import { i18n } from '../i18n';

/**
 * The CRUD kit's dictionary lookup (a column's `dict`, e.g. post's `post_category` from the contract's x-dict): the
 * items of `dict/dictionary?code=` as options, label `dictValue`, value `dictKey`, in the interface's language (the
 * server answers the English labels of its seeded items with `lang=en`). The kit caches per provider, and the
 * layout's provider is made anew on a language switch (MainLayout: it depends on `t`), so a switch reads them again.
 */
export async function loadDictionary(code: string): Promise<Option[]> {
  const items = await dictDictionary({ code, lang: i18n.language === 'en' ? 'en' : 'zh' });
  return items.map((item) => ({ label: item.dictValue, value: item.dictKey }));
}
