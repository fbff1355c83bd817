import {
  regionDetail,
  regionLazyList,
  regionRemove,
  regionSubmit,
  type Region,
  type RegionFields,
  type RegionSubmit,
} from '@smart/api-sdk';
import type { CrudAdapter } from '@smart/crud';

/** The dialog's values: the region's own fields (region.yaml RegionFields), keyed by its code. */
export type RegionForm = Partial<RegionFields> & { id?: string };

/** The country's parent code: the first level of the tree is the country (`00`), below it the provinces. */
export const ROOT_PARENT = '0';

const body = (form: RegionForm): RegionSubmit => ({
  code: form.code ?? '',
  parentCode: form.parentCode ?? '',
  name: form.name ?? '',
  regionLevel: form.regionLevel ?? 0,
  sort: form.sort ?? 0,
  remark: form.remark ?? '',
});

/**
 * Regions through the SDK (region.yaml): one level at a time (`lazy-list` by the parent's code, rows with
 * `hasChildren`), read and removed by code, and one `submit` that updates a known code and inserts a new one.
 */
export const regionAdapter: CrudAdapter<Region, RegionForm> = {
  async list({ current: _current, size: _size, ...filters }) {
    const records = await regionLazyList({ parentCode: ROOT_PARENT, ...filters });
    return { records, total: records.length };
  },
  children: (parent, { ascs: _ascs, descs: _descs, ...filters }) =>
    regionLazyList({ ...filters, parentCode: parent.code }),
  detail: (code) => regionDetail({ code }),
  create: (form) => regionSubmit(body(form)),
  update: (form) => regionSubmit(body(form)),
  // one code a call (the contract removes one region; one with children is refused with the server's reason)
  async remove(codes) {
    for (const id of codes) await regionRemove({ id });
  },
};
