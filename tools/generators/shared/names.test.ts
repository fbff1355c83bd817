import { describe, expect, it } from 'vitest';
import { camel, kebab, pascal } from './names';

describe('names', () => {
  it('read the contract tags in every style they come in', () => {
    for (const [tag, k, c, p] of [
      ['comment_group', 'comment-group', 'commentGroup', 'CommentGroup'],
      ['yingdao-auth', 'yingdao-auth', 'yingdaoAuth', 'YingdaoAuth'],
      ['mjjAppConfig', 'mjj-app-config', 'mjjAppConfig', 'MjjAppConfig'],
      ['post', 'post', 'post', 'Post'],
    ])
      expect([kebab(tag!), camel(tag!), pascal(tag!)]).toEqual([k, c, p]);
  });
});
