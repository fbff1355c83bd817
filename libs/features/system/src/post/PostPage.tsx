import { CrudPage } from '@smart/crud';
import { postAdapter, postResource } from './post.resource';

export default function PostPage() {
  return <CrudPage resource={postResource} adapter={postAdapter} />;
}
