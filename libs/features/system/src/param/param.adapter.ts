import {
  paramDetail,
  paramList,
  paramRemove,
  paramSubmit,
  type Param,
  type ParamSubmit,
} from '@smart/api-sdk';
import type { CrudAdapter } from '@smart/ui';

/** The CRUD kit's data access for parameters, through the generated SDK (tenant scoping is the server's). */
export const paramAdapter: CrudAdapter<Param, ParamSubmit> = {
  async list({ current, size, ...filters }) {
    const page = await paramList({ current, size, ...filters });
    return { records: page.records, total: page.total };
  },
  detail: (id) => paramDetail({ id }),
  create: ({ id: _id, ...form }) => paramSubmit(form),
  update: (form) => paramSubmit(form),
  remove: (ids) => paramRemove({ ids: ids.join(',') }),
};
