// The props of TreeSelect, single (a value) or multiple (checkboxes, a list of values).
import type * as React from 'react';

import type { FormControlProps } from '../control-parts';
import type { TreeFieldNames, TreeNodeData } from './tree-model';

type TreeSelectBaseProps = FormControlProps & {
  data: TreeNodeData[];
  fieldNames?: TreeFieldNames;
  /** Fetch the children of a node with `hasChildren: true` or `isLeaf: false`. */
  loadChildren?: (node: TreeNodeData) => Promise<TreeNodeData[]>;
  placeholder?: string;
  /** Search box that filters the loaded nodes. Default true. */
  searchable?: boolean;
  clearable?: boolean;
  /** Only leaves can be chosen (single mode). */
  leafOnly?: boolean;
  /** Expand every loaded node when the popup opens. */
  defaultExpandAll?: boolean;
  emptyText?: React.ReactNode;
};

export type TreeSelectSingleProps = TreeSelectBaseProps & {
  multiple?: false;
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | undefined, node?: TreeNodeData) => void;
};

export type TreeSelectMultipleProps = TreeSelectBaseProps & {
  multiple: true;
  value?: string[];
  defaultValue?: string[];
  onChange?: (value: string[]) => void;
  /** Parent and children are checked independently. Default false (checking a parent checks its subtree). */
  checkStrictly?: boolean;
  maxTagCount?: number;
};

export type TreeSelectProps = TreeSelectSingleProps | TreeSelectMultipleProps;
