/** Grant menus to a role: a checkable menu tree (menus, functions, routes). */
import {
  MENU_TYPE_LABELS,
  sysMenuTree,
  sysRoleListMenus,
  sysRoleSaveMenus,
  type TMenuNode,
  type TRole,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Spin, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import { allKeys, attempt } from '../shared';

interface Node {
  key: string;
  title: React.ReactNode;
  children?: Node[];
}

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

const toNodes = (list: TMenuNode[]): Node[] =>
  list.map((m) => ({
    key: m.id,
    title: (
      <Space size={6}>
        {m.title}
        <Tag color={TYPE_COLORS[m.type]} style={{ marginInlineEnd: 0 }}>
          {MENU_TYPE_LABELS[m.type]}
        </Tag>
      </Space>
    ),
    ...(m.children?.length ? { children: toNodes(m.children) } : {}),
  }));

/** Ids of nodes with children, so that only leaves are set as checked (parents follow). */
function parentIds(list: TMenuNode[], out = new Set<string>()): Set<string> {
  for (const m of list) {
    if (m.children?.length) {
      out.add(m.id);
      parentIds(m.children, out);
    }
  }
  return out;
}

export default function RoleMenuDrawer({ role, onClose }: { role: TRole | null; onClose: () => void }) {
  const { message } = App.useApp();
  const menus = useQuery({ queryKey: ['sys-menu-tree'], queryFn: () => call(sysMenuTree, {}), enabled: role !== null });
  const granted = useQuery({
    queryKey: ['sys-role-menus', role?.id],
    queryFn: () => call(sysRoleListMenus, { id: role?.id as string }),
    enabled: role !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const [half, setHalf] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const nodes = useMemo(() => toNodes(menus.data ?? []), [menus.data]);
  const expanded = useMemo(() => allKeys(menus.data), [menus.data]);

  useEffect(() => {
    if (!menus.data || !granted.data) return;
    const parents = parentIds(menus.data);
    setChecked(granted.data.filter((id) => !parents.has(id)));
    setHalf([]);
  }, [menus.data, granted.data]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    const ids = [...new Set([...checked, ...half, ...parentsOfChecked(menus.data ?? [], checked)])];
    const ok = await attempt(() => call(sysRoleSaveMenus, { id: role.id, menuIds: ids }));
    setSaving(false);
    if (!ok) return;
    message.success('授权成功');
    onClose();
  };

  return (
    <Drawer
      title={`菜单授权 - ${role?.name ?? ''}`}
      open={role !== null}
      onClose={onClose}
      size={460}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => setChecked(allKeys(menus.data))}>全选</Button>
          <Button onClick={() => setChecked([])}>清空</Button>
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      <Spin spinning={menus.isFetching || granted.isFetching}>
        <Tree
          checkable
          selectable={false}
          treeData={nodes}
          defaultExpandedKeys={expanded}
          key={expanded.length}
          checkedKeys={checked}
          onCheck={(keys, info) => {
            setChecked((Array.isArray(keys) ? keys : keys.checked) as string[]);
            setHalf((info.halfCheckedKeys ?? []) as string[]);
          }}
        />
      </Spin>
    </Drawer>
  );
}

/** Ancestors of the checked menus (a granted page needs its parent menus to be routed). */
function parentsOfChecked(list: TMenuNode[], checked: string[]): string[] {
  const wanted = new Set(checked);
  const out: string[] = [];
  const visit = (nodes: TMenuNode[], trail: string[]): boolean => {
    let any = false;
    for (const m of nodes) {
      const below = m.children?.length ? visit(m.children, [...trail, m.id]) : false;
      if (wanted.has(m.id) || below) {
        any = true;
        if (below) out.push(m.id);
      }
    }
    return any;
  };
  visit(list, []);
  return out;
}
