// Finishes the bundle: the answers every operation may give besides its own 200/400/401 (and the token endpoint's
// 429), so that outside tools read them as declared rather than as server errors:
// - 404 and 501: a server that does not serve the operation (the reference server answers 404 to an unknown path
//   and 501 `接口未实现` to a contract operation it has no handler for; contract-check lists both as not implemented);
// - 415: a body in a media type the operation does not take (operations with a request body);
// - 500: the server failed (`服务器异常,请联系管理员`), never for bad input.
// Every one is the error envelope. A step of finish-bundle.mjs; run alone, it rewrites dist/smart-api.yaml and
// .json in place.
import { isMain, readBundle, writeBundle } from './bundle-files.mjs';

const envelope = (description, code, msg) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/ErrorEnvelope' },
      example: { code, success: false, msg, data: null },
    },
  },
});
const RESPONSES = {
  NotFound: envelope(
    'This server does not serve the operation (or the path is unknown).',
    404,
    '404 没找到请求',
  ),
  UnsupportedMediaType: envelope(
    'The body is in a media type the operation does not take.',
    415,
    '不支持当前媒体类型',
  ),
  ServerError: envelope('The server failed; bad input never answers this.', 500, '服务器异常,请联系管理员'),
  NotImplemented: envelope('The server knows the operation but does not implement it.', 501, '接口未实现'),
};

const ref = (name) => ({ $ref: `#/components/responses/${name}` });

/** Declares the shared answers on every operation of `doc` in place; returns the line the build logs. */
export function declareAnswers(doc) {
  doc.components.responses = { ...doc.components.responses, ...RESPONSES };
  let operations = 0;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method) || !op?.responses)
        continue;
      operations++;
      const answers = { 404: ref('NotFound'), 500: ref('ServerError'), 501: ref('NotImplemented') };
      if (op.requestBody) answers['415'] = ref('UnsupportedMediaType');
      // an operation's own declaration of one of these stays
      op.responses = Object.fromEntries(
        Object.entries({ ...answers, ...op.responses }).sort(([a], [b]) => a.localeCompare(b)),
      );
    }
  }
  return `declare-answers: 404, 500 and 501 (and 415 with a body) declared on ${operations} operations`;
}

if (isMain(import.meta.url)) {
  const doc = readBundle();
  const summary = declareAnswers(doc);
  writeBundle(doc);
  console.log(summary);
}
