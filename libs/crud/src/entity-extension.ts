import type { ReactNode } from 'react';

import type { CrudRowActionContext, CrudToolbarContext } from './crud-page';
import type { CrudColumn } from './types';

/** A row of a generic entity page as an extension sees it: the entity's view object. */
export type EntityRow = Record<string, unknown>;

/**
 * What a feature adds to the generic page of a declared entity it does not serve itself (entity-page.tsx): a few
 * cells, row actions, a refetch policy. The page stays the kit's (search, paging, dialogs, export); a feature that
 * needs more serves the path with its own page instead. Given in `Feature.entityExtensions` by entity name.
 */
export interface EntityPageExtension {
  /**
   * Columns listed at first, in this order (as the contract's `x-entity.columns`; may name `extra` columns); the others
   * stay in the column settings.
   */
  listColumns?: readonly string[];
  /** Patches of the derived columns by prop (a cell's `render`, a width). */
  columns?: Readonly<Record<string, Partial<CrudColumn<EntityRow, EntityRow>>>>;
  /** List-only columns the manifest knows nothing of (a cell made of several fields). */
  extra?: readonly CrudColumn<EntityRow, EntityRow>[];
  /** Row actions after view, edit and delete (CrudPage `rowActions`). */
  rowActions?: (row: EntityRow, page: CrudRowActionContext) => ReactNode;
  /** Toolbar actions after add, delete and export (CrudPage `toolbarExtra`): imports, bulk switches. */
  toolbar?: (page: CrudToolbarContext) => ReactNode;
  /** Width of the row action column (ResourceDef `menuWidth`) for the extra actions. */
  menuWidth?: number;
  /**
   * The page offers no add or edit form whatever buttons the contract declares, and lists the view fields as a log's
   * page does: the rows are written elsewhere (a run, by the engine) and the buttons guard the extension's own
   * actions (x-entity.actions: a run's stop and retry need its edit button).
   */
  readOnly?: boolean;
  /** CrudPage `refetchInterval`: a monitor's polling while rows on screen are in progress. */
  refetchInterval?: (rows: EntityRow[]) => number | false | undefined;
}

/** The extension of one entity's page, loaded with the page (one chunk per feature, not in the shell's). */
export type EntityExtensionLoader = () => Promise<{ default: EntityPageExtension }>;
