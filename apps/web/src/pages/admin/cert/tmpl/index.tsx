/** 证书模板: templates with the issued count, the designer (new/edit) and delete. */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCertTmpl, TCertTmplSave } from '@exam/contracts';
import { certTmplDelete, certTmplPaging } from '@exam/contracts';
import { App, Button, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { confirmDelete } from '../../sys/shared';
import TmplEditor, { emptyTmpl } from './TmplEditor';

export default function CertTmplPage() {
  const { message, modal } = App.useApp();
  const canSave = usePermission('cert:tmpl:save');
  const canDelete = usePermission('cert:tmpl:delete');
  const table = useServerTable<TCertTmpl, { title?: string }>(['cert-tmpl'], (req) => call(certTmplPaging, req));
  const [editing, setEditing] = useState<TCertTmplSave | null>(null);
  const remove = (ids: string[]) =>
    confirmDelete(modal, async () => {
      await call(certTmplDelete, { ids });
      message.success('删除成功');
      table.refresh();
    });
  const edit = (r: TCertTmpl) => setEditing({ ...r, rules: r.rules.map(({ kind, refId }) => ({ kind, refId })) });

  return (
    <PageContainer
      title="证书模板"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(emptyTmpl())}>
            新建模板
          </Button>
        )
      }
      search={
        <Input.Search
          allowClear
          placeholder="模板名称"
          style={{ width: 240 }}
          onSearch={(v) => table.search({ title: v.trim() || undefined })}
        />
      }
    >
      <Table
        {...table.tableProps}
        columns={[
          { title: '模板名称', dataIndex: 'title' },
          { title: '方向', dataIndex: 'orientation', width: 80, render: (v) => (v === 'portrait' ? '纵向' : '横向') },
          { title: '编号前缀', dataIndex: 'prefix', width: 100 },
          { title: '有效期', dataIndex: 'validMonths', width: 100, render: (v: number) => (v ? `${v} 个月` : '长期') },
          {
            title: '自动发证',
            dataIndex: 'rules',
            render: (rules: TCertTmpl['rules']) =>
              rules.length ? rules.map((r) => <Tag key={r.refId}>{r.refTitle ?? r.refId}</Tag>) : '仅手动发放',
          },
          { title: '已发证书', dataIndex: 'issuedCount', width: 90, align: 'center' },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v) => formatDateTime(v) },
          {
            title: '操作',
            width: 180,
            render: (_, r) => (
              <TableActions>
                {canSave && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(r)}>
                    设计
                  </Button>
                )}
                {canDelete && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove([r.id])}>
                    删除
                  </Button>
                )}
              </TableActions>
            ),
          },
        ]}
      />
      <TmplEditor
        value={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) table.refresh();
        }}
      />
    </PageContainer>
  );
}
