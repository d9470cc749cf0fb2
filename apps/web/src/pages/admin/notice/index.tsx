/** 通知公告 (admin): notices with status and read rate; compose, publish now or later, withdraw, delete. */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  NOTICE_OPEN_TYPE_LABELS,
  NOTICE_STATUS_LABELS,
  NoticeStatus,
  noticeDelete,
  noticePaging,
  noticeWithdraw,
  type TNoticeRecord,
} from '@exam/contracts';
import { App, Button, Form, Input, Progress, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { call, type PageParams } from '../../../api/call';
import { DateTimeLines, PageContainer, TableActions, usePermission, useServerTable } from '../../../components';
import { confirmDelete } from '../sys/shared';
import NoticeFormModal from './NoticeFormModal';
import PublishModal from './PublishModal';
import UnreadDrawer from './UnreadDrawer';

const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'warning', 2: 'success', 3: 'error' };
const STATUS_OPTIONS = Object.entries(NOTICE_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }));

export default function NoticeAdminPage() {
  const { modal, message } = App.useApp();
  const canSave = usePermission('notice:notice:save');
  const canPublish = usePermission('notice:notice:publish');
  const canDelete = usePermission('notice:notice:delete');
  const table = useServerTable<TNoticeRecord, PageParams<typeof noticePaging>>(['notice-admin'], (req) =>
    call(noticePaging, req),
  );
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [publishing, setPublishing] = useState<string | null>(null);
  const [unreadOf, setUnreadOf] = useState<TNoticeRecord | null>(null);

  const closeEditor = useCallback(() => setEditing(null), []);
  const onSaved = (id: string, publish: boolean) => {
    setEditing(null);
    table.refresh();
    if (publish) setPublishing(id);
  };
  const withdraw = (r: TNoticeRecord) =>
    modal.confirm({
      title: '提示',
      content: `确定撤回公告「${r.title}」吗？撤回后学员将看不到它，相关消息也会从收件箱中移除。`,
      onOk: () =>
        call(noticeWithdraw, { id: r.id })
          .then(() => {
            message.success('已撤回');
            table.refresh();
          })
          .catch(() => undefined),
    });

  const columns: ColumnsType<TNoticeRecord> = [
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, r) => (
        <span className="exam-list__title">
          <span>
            {r.pinned && <Tag color="red">置顶</Tag>}
            {title}
          </span>
        </span>
      ),
    },
    { title: '发布范围', dataIndex: 'openType', width: 100, render: (v: number) => NOTICE_OPEN_TYPE_LABELS[v] },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={STATUS_COLORS[v]}>{NOTICE_STATUS_LABELS[v]}</Tag>,
    },
    { title: '发布时间', dataIndex: 'publishAt', width: 104, render: (v) => (v ? <DateTimeLines value={v} /> : '—') },
    {
      title: '阅读率',
      key: 'rate',
      width: 150,
      render: (_, r) =>
        r.status === NoticeStatus.PUBLISHED ? (
          <Typography.Link onClick={() => setUnreadOf(r)} data-testid={`read-rate-${r.id}`}>
            <Progress
              size="small"
              style={{ width: 118, margin: 0 }}
              percent={r.audienceSize ? Math.round((r.readCount / r.audienceSize) * 100) : 0}
              format={() => `${r.readCount}/${r.audienceSize}`}
            />
          </Typography.Link>
        ) : (
          '—'
        ),
    },
    { title: '创建人', dataIndex: 'createdByName', width: 90, render: (v) => v || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_, r) => (
        <TableActions>
          {canSave && (
            <Button type="link" size="small" onClick={() => setEditing({ id: r.id })}>
              编辑
            </Button>
          )}
          {canPublish && r.status !== NoticeStatus.PUBLISHED && (
            <Button type="link" size="small" onClick={() => setPublishing(r.id)}>
              发布
            </Button>
          )}
          {canPublish && (r.status === NoticeStatus.PUBLISHED || r.status === NoticeStatus.SCHEDULED) && (
            <Button type="link" size="small" onClick={() => withdraw(r)}>
              撤回
            </Button>
          )}
          {canDelete && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete(modal, () => call(noticeDelete, { ids: [r.id] }).then(table.refresh))}
            >
              删除
            </Button>
          )}
        </TableActions>
      ),
    },
  ];

  return (
    <PageContainer
      title="通知公告"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: null })}>
            新建公告
          </Button>
        )
      }
      search={
        <Form
          name="noticeSearch"
          layout="inline"
          onFinish={(v) => table.search({ title: v.title?.trim() || null, status: v.status ?? null })}
        >
          <Form.Item name="title">
            <Input placeholder="公告标题" allowClear style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="status">
            <Select placeholder="状态" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      }
    >
      <Table<TNoticeRecord> {...table.tableProps} columns={columns} scroll={{ x: 960 }} />
      <NoticeFormModal id={editing?.id ?? null} open={!!editing} onClose={closeEditor} onSaved={onSaved} />
      <PublishModal
        id={publishing}
        onClose={() => setPublishing(null)}
        onDone={() => {
          setPublishing(null);
          table.refresh();
        }}
      />
      <UnreadDrawer notice={unreadOf} onClose={() => setUnreadOf(null)} />
    </PageContainer>
  );
}
