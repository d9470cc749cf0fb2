/** 数据字典: dictionaries (server-paged) on the left, the selected dictionary's value tree on the right. */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TDic } from '@exam/contracts';
import { sysDicDelete, sysDicPaging } from '@exam/contracts';
import { App, Button, Col, Form, Input, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { confirmDelete } from '../shared';
import DicFormModal from './DicFormModal';
import DicValuePanel from './DicValuePanel';

export default function SysDicPage() {
  const { message, modal } = App.useApp();
  const canSave = usePermission('sys:dic:save');
  const canDelete = usePermission('sys:dic:delete');
  const table = useServerTable<TDic, { keyword?: string | null }>(['sys-dic'], (req) => call(sysDicPaging, req));
  const [current, setCurrent] = useState<TDic | null>(null);
  const [editing, setEditing] = useState<TDic | null | undefined>(undefined);
  const active = current ?? table.records[0] ?? null;

  const remove = (dic: TDic) =>
    confirmDelete(
      modal,
      async () => {
        await call(sysDicDelete, { ids: [dic.id] });
        message.success('删除成功');
        if (current?.id === dic.id) setCurrent(null);
        table.refresh();
      },
      '确定要删除吗？字典下的所有字典值将一并删除。',
    );

  const columns: ColumnsType<TDic> = [
    { title: '字典名称', dataIndex: 'title' },
    { title: '字典编码', dataIndex: 'code' },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <TableActions>
          {canSave && (
            <Button
              type="link"
              size="small"
              onClick={(e) => {
                e.stopPropagation();
                setEditing(row);
              }}
            >
              编辑
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={(e) => {
                e.stopPropagation();
                remove(row);
              }}
            >
              删除
            </Button>
          )}
        </TableActions>
      ),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <PageContainer
          title="数据字典"
          extra={
            canSave && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                新增字典
              </Button>
            )
          }
          search={
            <Form
              name="dicSearch"
              layout="inline"
              onFinish={(v) => table.search({ keyword: v.keyword?.trim() || null })}
            >
              <Form.Item name="keyword">
                <Input placeholder="字典名称 / 编码" allowClear style={{ width: 200 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                搜索
              </Button>
            </Form>
          }
        >
          <Table<TDic>
            {...table.tableProps}
            size="middle"
            columns={columns}
            onRow={(row) => ({ onClick: () => setCurrent(row), style: { cursor: 'pointer' } })}
            rowClassName={(row) => (row.id === active?.id ? 'ant-table-row-selected' : '')}
          />
        </PageContainer>
      </Col>
      <Col xs={24} xl={14}>
        <DicValuePanel dic={active} />
      </Col>
      <DicFormModal
        open={editing !== undefined}
        dic={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={table.refresh}
      />
    </Row>
  );
}
