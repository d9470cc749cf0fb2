/** The knowledge point tree for the admin screens: fetched once per screen, shaped for antd. */
import { repoKnowledgeTree, type TKpNode } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';

export const KP_TREE_KEY = ['kp-tree'];

export const useKnowledgeTree = () => useQuery({ queryKey: KP_TREE_KEY, queryFn: () => call(repoKnowledgeTree, {}) });

export interface KpTreeNode extends TKpNode {
  children?: KpTreeNode[];
}

/** Nests the flat list (already in sibling order). */
export function nestPoints(list: TKpNode[]): KpTreeNode[] {
  const byId = new Map<string, KpTreeNode>(list.map((n) => [n.id, { ...n }]));
  const roots: KpTreeNode[] = [];
  for (const n of byId.values()) {
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), n];
    else roots.push(n);
  }
  return roots;
}

export interface KpSelectNode {
  title: string;
  value: string;
  key: string;
  children?: KpSelectNode[];
}

/** antd TreeSelect data; `by` chooses the value: the point's id (filters) or its path (the editor). */
export function kpSelectData(nodes: KpTreeNode[], by: 'id' | 'path'): KpSelectNode[] {
  return nodes.map((n) => ({
    title: n.title,
    value: by === 'id' ? n.id : n.path,
    key: n.id,
    ...(n.children?.length ? { children: kpSelectData(n.children, by) } : {}),
  }));
}
