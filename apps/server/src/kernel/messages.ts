/** Messages several modules answer with (upstream's wording). */

/** Removing a tree node (dictionary entry, department, role, menu) that still has live children. */
export const HAS_CHILDREN_MSG = '请先删除子节点!';
