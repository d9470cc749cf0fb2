/** Helpers shared by the system administration screens: contract-based form rules, department and role pickers. */
import type { TDeptNode, TRoleOption } from '@exam/contracts';
import { sysDepartTree, sysRoleList } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FormRule, TreeSelectProps } from 'antd';
import { call } from '../../../api/call';

export const DELETE_CONFIRM = '确定要删除吗？';

interface Parser {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
}

/**
 * An antd rule validating a field with a contracts schema (the same rule the server applies);
 * an empty field is checked as an empty string so the schema's own "请输入…" message shows.
 */
export const zodRule = (schema: Parser): FormRule => ({
  validator: (_rule, value) => {
    const result = schema.safeParse(value === undefined || value === null ? '' : value);
    if (result.success) return Promise.resolve();
    return Promise.reject(new Error(result.error?.issues[0]?.message ?? '输入不正确'));
  },
});

/** Required field rule with a Chinese message. */
export const required = (message: string): FormRule => ({ required: true, message });

/** The department tree (public call), cached for the pickers of every screen. */
export function useDeptTree() {
  return useQuery({ queryKey: ['sys-dept-tree'], queryFn: () => call(sysDepartTree, {}), staleTime: 30_000 });
}

/** All roles for the user form and batch role. */
export function useRoleOptions() {
  const query = useQuery({ queryKey: ['sys-role-options'], queryFn: () => call(sysRoleList, {}), staleTime: 30_000 });
  const options = (query.data ?? []).map((r: TRoleOption) => ({ value: r.id, label: r.name }));
  return { ...query, options };
}

type TreeData = NonNullable<TreeSelectProps['treeData']>;

/** antd TreeSelect data from the department tree. */
export function deptTreeData(nodes: TDeptNode[] | undefined): TreeData {
  return (nodes ?? []).map((n) => ({
    title: n.name,
    value: n.id,
    key: n.id,
    ...(n.children?.length ? { children: deptTreeData(n.children) } : {}),
  }));
}

/** Props of a department TreeSelect picker. */
export function deptSelectProps(nodes: TDeptNode[] | undefined, multiple = false): TreeSelectProps {
  return {
    treeData: deptTreeData(nodes),
    treeDefaultExpandAll: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    allowClear: true,
    placeholder: '请选择部门',
    multiple,
    ...(multiple ? { treeCheckable: true, showCheckedStrategy: 'SHOW_ALL' as const, maxTagCount: 4 } : {}),
  };
}

/** Walks a tree and collects every id (for expanding all nodes). */
export function allKeys<T extends { id: string; children?: T[] }>(nodes: T[] | undefined): string[] {
  const out: string[] = [];
  const visit = (list: T[]) => {
    for (const n of list) {
      out.push(n.id);
      if (n.children?.length) visit(n.children);
    }
  };
  visit(nodes ?? []);
  return out;
}

type ModalApi = ReturnType<typeof import('antd').App.useApp>['modal'];

/**
 * Asks '确定要删除吗？' first; runs `action` on OK. A refusal from the server is already shown by
 * the client, so the dialog just closes.
 */
export function confirmDelete(modal: ModalApi, action: () => Promise<unknown>, content = DELETE_CONFIRM): void {
  modal.confirm({
    title: '提示',
    content,
    okText: '确定',
    cancelText: '取消',
    okType: 'danger',
    onOk: () => action().catch(() => undefined),
  });
}

/** Runs a call whose failure the client already reported; answers whether it succeeded. */
export async function attempt(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch {
    return false;
  }
}

export interface KeyedNode {
  key: string;
  title: string;
  children?: KeyedNode[];
}

/** antd Tree data (key/title) from the department tree. */
export function deptNodes(nodes: TDeptNode[] | undefined): KeyedNode[] {
  return (nodes ?? []).map((n) => ({
    key: n.id,
    title: n.name,
    ...(n.children?.length ? { children: deptNodes(n.children) } : {}),
  }));
}
