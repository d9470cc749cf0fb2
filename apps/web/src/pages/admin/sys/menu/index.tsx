/** 菜单管理: the menu tree as a table, inline sort, edit modal with type-dependent fields, delete. */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { MENU_TYPE_LABELS, sysMenuDelete, sysMenuSort, sysMenuTree, type TMenuNode } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission } from '../../../../components';
import { MenuIcon } from '../../../../layouts/admin/icons';
import { allKeys, attempt, confirmDelete } from '../shared';
import MenuFormModal, { type MenuEditing } from './MenuFormModal';

const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'orange' };

/** Drops empty children arrays so leaves show no expand icon. */
const prune = (list: TMenuNode[]): TMenuNode[] =>
  list.map((m) => ({ ...m, children: m.children?.length ? prune(m.children) : undefined }));

function SortCell({ menu, editable, onSaved }: { menu: TMenuNode; editable: boolean; onSaved: () => void }) {
  const { message } = App.useApp();
  const [value, setValue] = useState<number | null>(menu.sort);
  if (!editable) return <>{menu.sort}</>;
  const save = async () => {
    if (value === null || value === menu.sort) return;
    if (await attempt(() => call(sysMenuSort, { id: menu.id, sort: value }))) message.success('排序已保存');
    onSaved();
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={99999}
      precision={0}
      value={value}
      style={{ width: 80 }}
      aria-label={`排序-${menu.title}`}
      onChange={setValue}
      onBlur={save}
      onPressEnter={save}
    />
  );
}

export default function SysMenuPage() {
  const { message, modal } = App.useApp();
  const canSave = usePermission('sys:menu:save');
  const canDelete = usePermission('sys:menu:delete');
  const menus = useQuery({ queryKey: ['sys-menu-tree'], queryFn: () => call(sysMenuTree, {}) });
  const data = useMemo(() => prune(menus.data ?? []), [menus.data]);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const reload = () => void menus.refetch();

  const remove = (menu: TMenuNode) =>
    confirmDelete(
      modal,
      async () => {
        await call(sysMenuDelete, { ids: [menu.id] });
        message.success('删除成功');
        reload();
      },
      menu.children?.length ? '确定要删除吗？下级菜单将一并删除。' : undefined,
    );

  const columns: ColumnsType<TMenuNode> = [
    {
      title: '菜单名称',
      dataIndex: 'title',
      width: 210,
      render: (v, row) => (
        <Space size={6}>
          <MenuIcon name={row.icon} />
          {v}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (v: number) => <Tag color={TYPE_COLORS[v]}>{MENU_TYPE_LABELS[v] ?? v}</Tag>,
    },
    {
      title: '路由地址 / 权限标识',
      key: 'path',
      render: (_, row) =>
        row.type === 2 ? (
          <Typography.Text code className="wrap-anywhere">
            {row.permission}
          </Typography.Text>
        ) : (
          <Typography.Text className="wrap-anywhere">{row.path}</Typography.Text>
        ),
    },
    {
      title: '组件',
      dataIndex: 'component',
      width: 130,
      render: (v) => <span className="wrap-anywhere">{v || '-'}</span>,
    },
    {
      title: '排序',
      dataIndex: 'sort',
      width: 96,
      render: (_, row) => <SortCell key={`${row.id}-${row.sort}`} menu={row} editable={canSave} onSaved={reload} />,
    },
    {
      title: '显示',
      dataIndex: 'hidden',
      width: 80,
      render: (v: boolean, row) => (row.type === 2 ? '-' : v ? <Tag>隐藏</Tag> : <Tag color="success">显示</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <TableActions>
          {canSave && row.type !== 2 && (
            <Button type="link" size="small" onClick={() => setEditing({ parent: row })}>
              新增下级
            </Button>
          )}
          {canSave && (
            <Button type="link" size="small" onClick={() => setEditing({ menu: row })}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              删除
            </Button>
          )}
        </TableActions>
      ),
    },
  ];

  return (
    <PageContainer
      title="菜单管理"
      extra={
        <>
          {canSave && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新增菜单
            </Button>
          )}
          <Button onClick={() => setExpanded(allKeys(data))}>展开全部</Button>
          <Button onClick={() => setExpanded([])}>折叠全部</Button>
          <Button icon={<ReloadOutlined />} onClick={reload}>
            刷新
          </Button>
        </>
      }
    >
      <Table<TMenuNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data}
        loading={menus.isFetching}
        pagination={false}
        scroll={{ x: 960 }}
        expandable={{
          expandedRowKeys: expanded ?? data.map((m) => m.id),
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
      />
      <MenuFormModal editing={editing} tree={menus.data ?? []} onClose={() => setEditing(null)} onSaved={reload} />
    </PageContainer>
  );
}
