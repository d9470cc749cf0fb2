/** Builds a nested tree from flat rows with id/parentId, keeping the rows' order among siblings. */
export function buildTree<T extends { id: string; parentId: string | null }>(rows: T[]): (T & { children?: T[] })[] {
  type Node = T & { children?: Node[] };
  const nodes = new Map<string, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** Converts a Date to the wire format (ISO-8601). */
export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
