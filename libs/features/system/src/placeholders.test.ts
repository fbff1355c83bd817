// Every placeholder and required message of this feature's pages is one catalogue key of its own, in zh and in en,
// worded as a whole: never a label the kit wraps in 请输入… / Please enter … at run time (libs/crud crud-field.tsx).
import type { Dict } from '@smart/api-sdk';
import { entityCatalogue } from '@smart/api-sdk/entities';
import type { ResourceDef } from '@smart/crud';
import { catalogueT, textGaps } from '@smart/crud/testing';
import { describe, expect, it } from 'vitest';
import { clientResource } from './client/client.resource';
import { bizDictApi, systemDictApi } from './dict/dict.api';
import { childDictResource, parentDictResource } from './dict/dict.resource';
import en from './i18n/en';
import zh from './i18n/zh';
import { paramResource } from './param/param.resource';
import { postResource } from './post/post.resource';
import { regionResource } from './region/region.resource';
import { roleResource } from './role/role.resource';
import { tenantResource } from './tenant/tenant.resource';
import { tenantPackageResource } from './tenant-package/tenant-package.resource';
import { topmenuResource } from './topmenu/topmenu.resource';
import { userResource } from './user/user.resource';

// the catalogues the console merges: this feature's and the generated entities' (apps/console/src/i18n)
const zhT = catalogueT(zh, entityCatalogue.zh);
const enT = catalogueT(en, entityCatalogue.en);
const t = (key: string) => key;
const none = () => null;
const parent = { id: '1', code: 'sex', dictValue: '性别' } as Dict;

const resources: Record<string, ResourceDef<never, never>> = Object.fromEntries(
  Object.entries({
    user: userResource,
    region: regionResource,
    role: roleResource,
    tenant: tenantResource,
    tenantPackage: tenantPackageResource([{ label: '系统管理', value: '10' }]),
    dict: parentDictResource(systemDictApi, t, none),
    dictBiz: parentDictResource(bizDictApi, t, none),
    dictItem: childDictResource(systemDictApi, t, parent, [], none),
    dictBizItem: childDictResource(bizDictApi, t, parent, [], none),
    client: clientResource,
    param: paramResource,
    post: postResource,
    topmenu: topmenuResource,
  }).map(([name, resource]) => [name, resource as unknown as ResourceDef<never, never>]),
);

describe('the placeholders of the system pages', () => {
  it.each(Object.keys(resources))(
    '%s: every placeholder and required message is its own key, in zh and en',
    (name) => {
      expect(textGaps(resources[name]!, zhT, enT)).toEqual([]);
    },
  );

  it('words them whole in each language, a format by an example', () => {
    const placeholder = (resource: string, prop: string) =>
      resources[resource]!.columns.find((c) => c.prop === prop)!.placeholder!;
    expect(zhT(placeholder('user', 'account'))).toBe('请输入登录账号');
    expect(enT(placeholder('user', 'account'))).toBe('Enter account');
    expect(zhT(placeholder('user', 'roleId'))).toBe('请选择所属角色');
    expect(enT(placeholder('user', 'birthday'))).toBe('Select a date');
    expect(enT(placeholder('user', 'email'))).toBe('e.g. name@example.com');
    expect(zhT(placeholder('region', 'code'))).toBe('如 110101');
    expect(zhT(placeholder('dictItem', 'dictKey'))).toBe('请输入字典键值');
    expect(zhT(placeholder('client', 'authorizedGrantTypes'))).toBe('请选择授权类型');
    expect(enT(placeholder('client', 'authorizedGrantTypes'))).toBe('Select grant types');
  });
});
