/** 角色管理: server-paged roles, edit modal, menu grant drawer. */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  DATA_SCOPE_LABELS,
  labelOptions,
  ROLE_TYPE_LABELS,
  sysRoleDelete,
  sysRolePaging,
  type TRole,
} from '@exam/contracts';
import { App, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../../../api/call';
import type { RolePagingParams } from '../../../../api/sys-admin';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { confirmDelete } from '../shared';
import RoleFormModal from './RoleFormModal';
import RoleMenuDrawer from './RoleMenuDrawer';

export default function SysRolePage() {
  const { message, modal } = App.useApp();
  const canSave = usePermission('sys:role:save');
  const canDelete = usePermission('sys:role:delete');
  const [form] = Form.useForm<RolePagingParams>();
  const table = useServerTable<TRole, RolePagingParams>(['sys-role'], (req) => call(sysRolePaging, req));
  const [editing, setEditing] = useState<TRole | null | undefined>(undefined);
  const [granting, setGranting] = useState<TRole | null>(null);

  const remove = (role: TRole) =>
    confirmDelete(modal, async () => {
      await call(sysRoleDelete, { ids: [role.id] });
      message.success('删除成功');
      table.refresh();
    });

  const columns: ColumnsType<TRole> = [
    { title: '角色编码', dataIndex: 'code', width: 150 },
    {
      title: '角色名称',
      dataIndex: 'name',
      // A width of its own: the fixed columns took every pixel at 1280 px and the name stood one
      // character a line (the screen sweep).
      width: 200,
      render: (v, row) => (
        <Space>
          {v}
          {row.builtIn && <Tag color="blue">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '角色类型',
      dataIndex: 'roleType',
      width: 110,
      render: (v: number) => <Tag color={v === 2 ? 'purple' : 'green'}>{ROLE_TYPE_LABELS[v] ?? v}</Tag>,
    },
    { title: '数据范围', dataIndex: 'dataScope', width: 140, render: (v: number) => DATA_SCOPE_LABELS[v] ?? v },
    { title: '用户数', dataIndex: 'userCount', width: 90 },
    { title: '备注', dataIndex: 'remark', width: 120, ellipsis: true, render: (v) => v || '-' },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right', // in sight while the table scrolls inside its card
      render: (_, row) => (
        <TableActions>
          {canSave && (
            <Button type="link" size="small" onClick={() => setEditing(row)}>
              编辑
            </Button>
          )}
          {canSave && (
            <Button type="link" size="small" onClick={() => setGranting(row)}>
              菜单授权
            </Button>
          )}
          {canDelete && !row.builtIn && (
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
      title="角色管理"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            新增角色
          </Button>
        )
      }
      search={
        <Form
          name="roleSearch"
          form={form}
          layout="inline"
          onFinish={(v) => table.search({ keyword: v.keyword?.trim() || null, roleType: v.roleType ?? null })}
        >
          <Form.Item name="keyword">
            <Input placeholder="角色编码 / 名称" allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="roleType">
            <Select placeholder="全部类型" allowClear style={{ width: 130 }} options={labelOptions(ROLE_TYPE_LABELS)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      }
    >
      <Table<TRole> {...table.tableProps} columns={columns} scroll={{ x: 1180 }} />
      <RoleFormModal
        open={editing !== undefined}
        role={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={table.refresh}
      />
      <RoleMenuDrawer role={granting} onClose={() => setGranting(null)} />
    </PageContainer>
  );
}
