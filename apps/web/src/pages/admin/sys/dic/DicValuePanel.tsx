/** The values of one dictionary as a tree table: add (top level or child), edit, delete. */
import { PlusOutlined } from '@ant-design/icons';
import type { TDic, TDicValueNode } from '@exam/contracts';
import { sysDicValueDelete, sysDicValueTree } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission } from '../../../../components';
import { confirmDelete } from '../shared';
import DicValueFormModal, { type DicValueEditing } from './DicValueFormModal';

const prune = (list: TDicValueNode[]): TDicValueNode[] =>
  list.map((v) => ({ ...v, children: v.children?.length ? prune(v.children) : undefined }));

export default function DicValuePanel({ dic }: { dic: TDic | null }) {
  const { message, modal } = App.useApp();
  const canSave = usePermission('sys:dic:save');
  const canDelete = usePermission('sys:dic:delete');
  const values = useQuery({
    queryKey: ['sys-dic-values', dic?.code],
    queryFn: () => call(sysDicValueTree, { dicCode: dic?.code as string }),
    enabled: Boolean(dic),
  });
  const data = useMemo(() => prune(values.data ?? []), [values.data]);
  const [editing, setEditing] = useState<DicValueEditing | null>(null);
  const reload = () => void values.refetch();

  const remove = (row: TDicValueNode) =>
    confirmDelete(modal, async () => {
      await call(sysDicValueDelete, { ids: [row.id] });
      message.success('删除成功');
      reload();
    });

  const columns: ColumnsType<TDicValueNode> = [
    { title: '显示名称', dataIndex: 'title' },
    { title: '字典值', dataIndex: 'value', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v) => v || '-' },
    {
      title: '操作',
      key: 'actions',
      width: 210,
      render: (_, row) => (
        <TableActions>
          {canSave && (
            <Button type="link" size="small" onClick={() => setEditing({ parent: row })}>
              添加下级
            </Button>
          )}
          {canSave && (
            <Button type="link" size="small" onClick={() => setEditing({ value: row })}>
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
      title={dic ? `字典值 - ${dic.title}（${dic.code}）` : '字典值'}
      extra={
        dic &&
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增字典值
          </Button>
        )
      }
    >
      {dic ? (
        <Table<TDicValueNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data}
          loading={values.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={`${dic.code}-${data.length}`}
        />
      ) : (
        <Empty description="请在左侧选择一个字典" />
      )}
      {dic && (
        <DicValueFormModal dicCode={dic.code} editing={editing} onClose={() => setEditing(null)} onSaved={reload} />
      )}
    </PageContainer>
  );
}
