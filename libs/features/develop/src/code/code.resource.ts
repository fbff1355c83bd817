import { codeEntity } from '@smart/api-sdk/entities';
import { defineResource, entityAdapter, type Option } from '@smart/crud';

/**
 * The code generator page (openapi/schemas/develop.yaml Code): the datasource is picked among `datasource/select`
 * (label the name, value the id); the output paths of other back ends stay out of the list.
 */
export function codeResource(datasources: Option[]) {
  return defineResource(codeEntity, {
    columns: {
      datasourceId: {
        type: 'select',
        options: datasources,
        placeholder: 'develop.code.placeholders.datasourceId',
      },
      packageName: { type: 'input' },
      apiPath: { type: 'input', span: 24, hideInList: true },
      webPath: { type: 'input', span: 24, hideInList: true },
    },
    dialog: { width: 880 },
    menuWidth: 440,
  });
}

export const codeAdapter = entityAdapter(codeEntity);
