/** Builds a tree from a flat list by parentId, or keeps a list that is already a tree. */
export interface TreeNode {
  id: string;
  name: string;
  parentId?: string | null;
  sort?: number;
  children?: TreeNode[];
}

const bySort = (a: TreeNode, b: TreeNode) => (a.sort ?? 0) - (b.sort ?? 0);

export function toTree(list: TreeNode[] | null | undefined): TreeNode[] {
  const items = Array.isArray(list) ? list : [];
  if (items.some((i) => Array.isArray(i.children) && i.children.length)) return items;
  const byId = new Map<string, TreeNode>();
  for (const item of items) byId.set(item.id, { ...item, children: undefined });
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent && parent !== node) {
      parent.children = [...(parent.children ?? []), node].sort(bySort);
    } else roots.push(node);
  }
  return roots.sort(bySort);
}

export interface TreeSelectNode {
  title: string;
  value: string;
  children?: TreeSelectNode[];
}

/** antd TreeSelect data from nodes with id and name. */
export function toTreeSelect(nodes: TreeNode[]): TreeSelectNode[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    ...(n.children?.length ? { children: toTreeSelect(n.children) } : {}),
  }));
}
