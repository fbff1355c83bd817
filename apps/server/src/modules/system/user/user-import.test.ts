import { describe, expect, it } from 'vitest';
import { declaredEntities } from '../../../crud/entities';
import { NUL_MSG } from '../../../kernel/input-guard';
import type { UserSheetRow } from './user-excel';
import {
  ambiguousDeptMsg,
  rowToBody,
  splitNames,
  unknownPostMsg,
  unknownRoleMsg,
  type ImportLookups,
} from './user-import';

// the user entity's fields as the contract declares them (user.yaml UserSubmit): rules, labels and lengths
const fields = declaredEntities().get('user').fields;

const lookups: ImportLookups = {
  roles: new Map([
    ['用户', ['11']],
    ['运营', ['12']],
  ]),
  depts: new Map([
    ['刀锋科技', ['21']],
    ['销售部', ['22', '23']],
  ]),
  posts: new Map([['首席执行官', ['31']]]),
  sexes: new Map([
    ['男', 1],
    ['女', 2],
    ['未知', -1],
  ]),
  userTypes: new Map([
    ['WEB', 1],
    ['APP', 2],
  ]),
};

const cells = (over: Partial<UserSheetRow> = {}): UserSheetRow => ({
  account: 'zhangsan',
  name: '张三',
  realName: '张三',
  email: 'zhangsan@example.cn',
  phone: '13800000000',
  sex: '男',
  birthday: '1990-01-01',
  roles: '用户',
  depts: '刀锋科技',
  posts: '首席执行官',
  userType: 'WEB',
  ...over,
});

const msgOf = (over: Partial<UserSheetRow>) => {
  const out = rowToBody(cells(over), lookups, fields);
  return 'msg' in out ? out.msg : undefined;
};

describe('the import row rules', () => {
  it('turns a row into the form body submit takes, names into ids', () => {
    expect(rowToBody(cells({ roles: '用户,运营', posts: '' }), lookups, fields)).toEqual({
      body: {
        account: 'zhangsan',
        name: '张三',
        realName: '张三',
        email: 'zhangsan@example.cn',
        phone: '13800000000',
        roleId: '11,12',
        deptId: '21',
        postId: '',
        userType: 1,
        sex: 1,
        birthday: '1990-01-01',
      },
    });
  });

  it('takes full-width commas and repeated names; an empty sex is unknown', () => {
    const out = rowToBody(cells({ roles: ' 运营，用户, 运营 ', sex: '' }), lookups, fields);
    expect(out).toMatchObject({ body: { roleId: '12,11', sex: -1 } });
    expect(splitNames('a,，b ,')).toEqual(['a', 'b']);
  });

  it("refuses a missing field with the form's own message", () => {
    expect(msgOf({ account: '' })).toBe('请输入登录账号');
    expect(msgOf({ name: '' })).toBe('请输入用户昵称');
    expect(msgOf({ realName: '' })).toBe('请输入用户姓名');
    expect(msgOf({ roles: ' , ' })).toBe('请选择所属角色');
    expect(msgOf({ depts: '' })).toBe('请选择所属部门');
    expect(msgOf({ userType: '' })).toBe('请选择用户平台');
    // optional ones may be empty
    expect(msgOf({ email: '', phone: '', posts: '', birthday: '' })).toBeUndefined();
  });

  it('refuses a too long value or an unknown label as the invalid field', () => {
    expect(msgOf({ account: 'a'.repeat(46) })).toBe('登录账号格式不正确');
    expect(msgOf({ account: 'a'.repeat(45) })).toBeUndefined();
    // lengths count characters, not UTF-16 units
    expect(msgOf({ realName: '𠀀'.repeat(10) })).toBeUndefined();
    expect(msgOf({ realName: '张'.repeat(11) })).toBe('用户姓名格式不正确');
    expect(msgOf({ sex: '男性' })).toBe('用户性别格式不正确');
    expect(msgOf({ userType: 'PC' })).toBe('用户平台格式不正确');
    expect(msgOf({ email: 'a\u0000b' })).toBe(NUL_MSG);
  });

  it('refuses a name that names no row, or several', () => {
    expect(msgOf({ roles: '用户,财务' })).toBe(unknownRoleMsg('财务'));
    expect(msgOf({ depts: '销售部' })).toBe(ambiguousDeptMsg('销售部'));
    expect(msgOf({ posts: '技术经理' })).toBe(unknownPostMsg('技术经理'));
  });
});
