/** 试卷管理: fixed and rule papers, with total, question count, exams using them; edit, preview, delete. */
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { paperTmplDelete, paperTmplPaging, TMPL_KIND_LABELS, type TTmplRecord } from '@exam/contracts';
import { App, Button, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { confirmDelete } from '../../sys/shared';
import { PrintPaperButton } from '../report/PrintButtons';
import PreviewModal from './PreviewModal';

type Params = { title?: string; kind?: number };

export default function ExamTmplPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const canSave = usePermission('exam:tmpl:save');
  const canDelete = usePermission('exam:tmpl:delete');
  const table = useServerTable<TTmplRecord, Params>(['exam-tmpl'], (req) => call(paperTmplPaging, req));
  const [preview, setPreview] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const params = table.request.params;
  const remove = (ids: string[]) =>
    confirmDelete(modal, async () => {
      await call(paperTmplDelete, { ids });
      message.success('删除成功');
      table.refresh();
    });

  return (
    <PageContainer
      title="试卷管理"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/exam/tmpl/edit')}>
            新建试卷
          </Button>
        )
      }
      search={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="试卷名称"
            style={{ width: 240 }}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onSearch={(v) => table.search({ ...params, title: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="组卷方式"
            style={{ width: 140 }}
            options={Object.entries(TMPL_KIND_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
            onChange={(kind) => table.search({ ...params, kind })}
          />
        </Space>
      }
    >
      <Table
        {...table.tableProps}
        columns={[
          { title: '试卷名称', dataIndex: 'title' },
          {
            title: '组卷方式',
            dataIndex: 'kind',
            width: 110,
            render: (v: number) => <Tag color={v === 1 ? 'blue' : 'purple'}>{TMPL_KIND_LABELS[v]}</Tag>,
          },
          { title: '总分', dataIndex: 'totalScore', width: 80, align: 'center' },
          { title: '题目数', dataIndex: 'quCount', width: 80, align: 'center' },
          { title: '使用考试', dataIndex: 'examCount', width: 90, align: 'center' },
          { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v) => v || '-' },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v) => formatDateTime(v) },
          {
            title: '操作',
            width: 250,
            render: (_, r) => (
              <TableActions>
                <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreview(r.id)}>
                  预览
                </Button>
                <PrintPaperButton target={{ tmplId: r.id }} title={r.title} />
                {canSave && (
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => navigate(`/admin/exam/tmpl/edit/${r.id}`)}
                  >
                    编辑
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
      <PreviewModal open={Boolean(preview)} id={preview ?? undefined} onClose={() => setPreview(null)} />
    </PageContainer>
  );
}
