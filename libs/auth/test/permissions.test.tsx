import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { can, flattenPermissions, getStore, setPermissionsFromButtons, usePermission } from '../src';
import { resetBrowserState } from './helpers';

beforeEach(resetBrowserState);

const tree = [
  {
    code: 'system',
    children: [
      { code: 'param', children: [{ code: 'param_add' }, { code: 'param_edit' }, { code: 'param_delete' }] },
      { code: 'notice', children: [{ code: 'notice_add' }] },
    ],
  },
  { code: 'lonely_button' },
];

describe('permissions', () => {
  it('flattens the leaves of the buttons tree into {code: true}', () => {
    expect(flattenPermissions(tree)).toEqual({
      param_add: true,
      param_edit: true,
      param_delete: true,
      notice_add: true,
      lonely_button: true,
    });
  });

  it('can() answers from the stored map', () => {
    setPermissionsFromButtons(tree);
    expect(can('param_add')).toBe(true);
    expect(can('param')).toBe(false);
    expect(can('nope')).toBe(false);
    expect(getStore<Record<string, boolean>>({ name: 'permission' })?.['notice_add']).toBe(true);
  });

  it('usePermission re-renders when the map changes', () => {
    const { result } = renderHook(() => usePermission());
    expect(result.current.can('param_add')).toBe(false);
    act(() => {
      setPermissionsFromButtons(tree);
    });
    expect(result.current.can('param_add')).toBe(true);
    expect(result.current.permission['lonely_button']).toBe(true);
  });
});
