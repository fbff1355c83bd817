// Finishes the bundle Redocly wrote to dist/smart-api.yaml: reads it once, applies the finishing steps in order and
// writes each output once (dist/smart-api.yaml and .json, then dist/smart-api-3.0.json and .yaml). Each step keeps
// its own module and still runs alone (`node scripts/<step>.mjs`), at the cost of parsing and writing the 2 MB
// bundle again.
import { readBundle, writeBundle } from './bundle-files.mjs';
import { declareAnswers } from './declare-answers.mjs';
import { errorCatalogue } from './error-catalogue.mjs';
import { expandSorts } from './expand-sorts.mjs';
import { openApi30, writeOpenApi30 } from './openapi-3.0.mjs';
import { tagGroups } from './tag-groups.mjs';

const doc = readBundle();
for (const step of [expandSorts, errorCatalogue, declareAnswers, tagGroups]) console.log(step(doc));
// the 3.1 files first: they stay for a look when the 3.0 conversion fails
writeBundle(doc);
console.log(writeOpenApi30(await openApi30(doc)));
