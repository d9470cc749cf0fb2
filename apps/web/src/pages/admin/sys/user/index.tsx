/** 用户管理: department filter, search, server-paged users, state, create/edit, reset password, batch, import/export. */
import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import {
  labelOptions,
  sysUserDelete,
  sysUserExport,
  sysUserPaging,
  sysUserState,
  type TUserPagingParams,
  type TUserRecord,
  USER_STATE_LABELS,
  UserState,
} from '@exam/contracts';
import { App, Button, Card, Col, Dropdown, Form, Input, Row, Select, Space, Switch, Table, Tag, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { call, callDownload } from '../../../../api/call';
import { DateTimeLines, PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { allKeys, attempt, confirmDelete, deptNodes, useDeptTree } from '../shared';
import BatchModal, { type BatchKind } from './BatchModal';
import ImportModal from './ImportModal';
import ResetPassModal from './ResetPassModal';
import UserFormModal from './UserFormModal';

type Filters = { keyword?: string; state?: number | null };

export default function SysUserPage() {
  const { message, modal } = App.useApp();
  const canSave = usePermission('sys:user:save');
  const canDelete = usePermission('sys:user:delete');
  const canReset = usePermission('sys:user:reset-pass');
  const canImport = usePermission('sys:user:import');
  const canExport = usePermission('sys:user:export');
  const [form] = Form.useForm<Filters>();
  const [deptId, setDeptId] = useState<string | null>(null);
  const table = useServerTable<TUserRecord, TUserPagingParams>(['sys-user'], (req) => call(sysUserPaging, req), {
    selectable: true,
  });
  const depts = useDeptTree();
  const expanded = useMemo(() => allKeys(depts.data), [depts.data]);
  const [editing, setEditing] = useState<TUserRecord | null | undefined>(undefined);
  const [resetting, setResetting] = useState<TUserRecord | null>(null);
  const [batch, setBatch] = useState<BatchKind | null>(null);
  const [importing, setImporting] = useState(false);
  const selected = table.selectedRowKeys as string[];

  const runSearch = (nextDept = deptId) => {
    const values = form.getFieldsValue();
    table.search({ deptId: nextDept, keyword: values.keyword?.trim() || null, state: values.state ?? null });
  };
  const changeState = async (ids: string[], state: number, text: string) => {
    if (await attempt(() => call(sysUserState, { ids, state }))) message.success(text);
    table.refresh();
  };
  const remove = (ids: string[]) =>
    confirmDelete(modal, async () => {
      await call(sysUserDelete, { ids });
      message.success('删除成功');
      table.setSelectedRowKeys([]);
      table.refresh();
    });

  const columns: ColumnsType<TUserRecord> = [
    // beside the department tree the list has ~750 px at 1280: the account carries its mobile, the
    // name its department, so every column shows beside the fixed 操作 column
    {
      title: '用户名 / 手机号',
      dataIndex: 'userName',
      width: 130,
      render: (v: string, r) => (
        <div className="exam-list__title">
          <span className="wrap-anywhere">{v}</span>
          <span className="exam-list__sub">{r.mobile || '-'}</span>
        </div>
      ),
    },
    {
      title: '姓名 / 部门',
      dataIndex: 'realName',
      width: 120,
      render: (v: string, r) => (
        <div className="exam-list__title">
          {v}
          <span className="exam-list__sub">{r.deptName || '-'}</span>
        </div>
      ),
    },
    {
      title: '角色',
      dataIndex: 'roleNames',
      render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 76,
      render: (state: number, row) =>
        state === UserState.PENDING ? (
          <Tag color="orange">{USER_STATE_LABELS[state]}</Tag>
        ) : (
          <Switch
            size="small"
            aria-label={`状态-${row.userName}`}
            checked={state === UserState.NORMAL}
            disabled={!canSave || row.locked}
            checkedChildren={USER_STATE_LABELS[0]}
            unCheckedChildren={USER_STATE_LABELS[1]}
            onChange={(on) =>
              changeState([row.id], on ? UserState.NORMAL : UserState.DISABLED, on ? '已启用' : '已禁用')
            }
          />
        ),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 104, render: (v) => <DateTimeLines value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 172,
      fixed: 'right',
      render: (_, row) =>
        // A user holding more than the viewer (or the viewer themself): the server refuses every change.
        row.locked ? (
          <Tag color="default" aria-label={`无权修改-${row.userName}`}>
            无权修改
          </Tag>
        ) : (
          <TableActions>
            {canSave && row.state === UserState.PENDING && (
              <Button type="link" size="small" onClick={() => changeState([row.id], UserState.NORMAL, '审核通过')}>
                审核通过
              </Button>
            )}
            {canSave && (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                编辑
              </Button>
            )}
            {canReset && (
              <Button type="link" size="small" onClick={() => setResetting(row)}>
                重置密码
              </Button>
            )}
            {canDelete && (
              <Button type="link" size="small" danger onClick={() => remove([row.id])}>
                删除
              </Button>
            )}
          </TableActions>
        ),
    },
  ];

  const batchItems = [
    { key: 'dept', label: '批量修改部门' },
    { key: 'role', label: '批量修改角色' },
    { key: 'approve', label: '批量审核通过' },
    { key: 'enable', label: '批量启用' },
    { key: 'disable', label: '批量禁用' },
  ];
  const onBatch = (key: string) => {
    if (key === 'dept' || key === 'role') setBatch(key);
    else if (key === 'disable') void changeState(selected, UserState.DISABLED, '已禁用');
    else void changeState(selected, UserState.NORMAL, key === 'approve' ? '审核通过' : '已启用');
  };

  return (
    <Row gutter={16} wrap={false} className="sys-user-page">
      <Col flex="240px">
        <Card size="small" title="部门" className="page-card" styles={{ body: { padding: 8 } }}>
          <Tree
            blockNode
            treeData={deptNodes(depts.data)}
            expandedKeys={expanded}
            selectedKeys={deptId ? [deptId] : []}
            onSelect={(keys) => {
              const next = (keys[0] as string | undefined) ?? null;
              setDeptId(next);
              runSearch(next);
            }}
          />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <PageContainer
          title="用户管理"
          extra={
            <>
              {canSave && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  新增用户
                </Button>
              )}
              {canSave && (
                <Dropdown
                  disabled={selected.length === 0}
                  menu={{ items: batchItems, onClick: ({ key }) => onBatch(key) }}
                >
                  <Button>批量操作{selected.length ? `（${selected.length}）` : ''}</Button>
                </Dropdown>
              )}
              {canDelete && (
                <Button danger disabled={selected.length === 0} onClick={() => remove(selected)}>
                  批量删除
                </Button>
              )}
              {canImport && (
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  导入
                </Button>
              )}
              {canExport && (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => callDownload(sysUserExport, { params: table.request.params }, '用户列表.xlsx')}
                >
                  导出
                </Button>
              )}
            </>
          }
          search={
            <Form name="userSearch" form={form} layout="inline" onFinish={() => runSearch()}>
              <Form.Item name="keyword">
                <Input placeholder="用户名 / 姓名 / 手机号" allowClear style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name="state">
                <Select
                  placeholder="全部状态"
                  allowClear
                  style={{ width: 130 }}
                  options={labelOptions(USER_STATE_LABELS)}
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  搜索
                </Button>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    form.resetFields();
                    setDeptId(null);
                    runSearch(null);
                  }}
                >
                  重置
                </Button>
              </Space>
            </Form>
          }
        >
          <Table<TUserRecord>
            {...table.tableProps}
            rowSelection={
              table.tableProps.rowSelection && {
                ...table.tableProps.rowSelection,
                getCheckboxProps: (row) => ({ disabled: row.locked }),
              }
            }
            columns={columns}
            scroll={{ x: 740 }}
          />
        </PageContainer>
      </Col>
      <UserFormModal
        open={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={table.refresh}
      />
      <ResetPassModal user={resetting} onClose={() => setResetting(null)} />
      <BatchModal
        kind={batch}
        ids={selected}
        onClose={() => setBatch(null)}
        onDone={() => {
          table.setSelectedRowKeys([]);
          table.refresh();
        }}
      />
      <ImportModal open={importing} onClose={() => setImporting(false)} onImported={table.refresh} />
    </Row>
  );
}
