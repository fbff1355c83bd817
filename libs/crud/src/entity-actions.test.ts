import { ossEntity, paramEntity, yingdaoAuthEntity } from '@smart/api-sdk/entities';
import { describe, expect, it } from 'vitest';
import { actionButtons } from './entity-actions';

describe('the buttons a declared action needs', () => {
  it("names the entity's button of the action's kind", () => {
    expect(actionButtons(ossEntity, 'ossEnable')).toEqual(['oss_edit']);
  });

  it('lets a submit through with either button, as the row id decides on the server', () => {
    expect(actionButtons(yingdaoAuthEntity, 'ydYingdaoAuthSubmit')).toEqual([
      'yingdao_auth_add',
      'yingdao_auth_edit',
    ]);
  });

  it('names none for an operation the entity does not declare', () => {
    expect(actionButtons(paramEntity, 'ossEnable')).toBeUndefined();
  });
});
