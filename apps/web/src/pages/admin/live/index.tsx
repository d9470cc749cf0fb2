/** 直播管理: rooms with their derived state and online viewers; edit, push details, statistics, delete. */
import { PlusOutlined } from '@ant-design/icons';
import {
  LIVE_REPLAY_LABELS,
  LIVE_STATE_LABELS,
  liveRoomDelete,
  liveRoomPaging,
  liveServerDetail,
  type TLiveRecord,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, type PageParams } from '../../../api/call';
import { DateTimeLines, PageContainer, TableActions, usePermission, useServerTable } from '../../../components';
import { ActionLink, DeleteLink } from '../shared/RowActions';
import TitleStateSearch from '../shared/TitleStateSearch';
import { useRecordDialog } from '../shared/useRecordForm';
import LiveFormModal from './LiveFormModal';
import PushModal from './PushModal';
import StatDrawer from './StatDrawer';

export const STATE_COLORS: Record<number, string> = { 0: 'blue', 1: 'red', 2: 'default' };

export default function LiveAdminPage() {
  const canSave = usePermission('live:live:save');
  const canDelete = usePermission('live:live:delete');
  const canPush = usePermission('live:live:push');
  const canStat = usePermission('live:stat:view');
  const server = useQuery({ queryKey: ['live-server'], queryFn: () => call(liveServerDetail, {}) });
  const table = useServerTable<TLiveRecord, PageParams<typeof liveRoomPaging>>(['live-admin'], (req) =>
    call(liveRoomPaging, req),
  );
  const [pushOf, setPushOf] = useState<TLiveRecord | null>(null);
  const [statOf, setStatOf] = useState<TLiveRecord | null>(null);
  const editor = useRecordDialog(() => table.refresh());

  const columns: ColumnsType<TLiveRecord> = [
    { title: '直播标题', dataIndex: 'title', render: (v: string) => <span className="exam-list__title">{v}</span> },
    { title: '讲师', dataIndex: 'lecturer', width: 100, render: (v) => v || '—' },
    {
      title: '时间',
      key: 'time',
      width: 104,
      render: (_, r) => <DateTimeLines value={r.startTime} suffix=" 起" />,
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => (
        <Tag color={STATE_COLORS[v]} data-testid="live-state">
          {LIVE_STATE_LABELS[v]}
        </Tag>
      ),
    },
    { title: '在线', dataIndex: 'online', width: 70 },
    { title: '回放', dataIndex: 'replayState', width: 90, render: (v: number) => LIVE_REPLAY_LABELS[v] },
    {
      title: '关联课程',
      dataIndex: 'courseTitle',
      width: 120,
      render: (v) => <span className="wrap-anywhere">{v || '—'}</span>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      render: (_, r) => (
        <TableActions>
          {canSave && <ActionLink onClick={() => editor.edit(r.id)}>编辑</ActionLink>}
          {canPush && (
            <ActionLink onClick={() => setPushOf(r)} testId={`push-${r.id}`}>
              推流信息
            </ActionLink>
          )}
          {canStat && (
            <ActionLink onClick={() => setStatOf(r)} testId={`stat-${r.id}`}>
              统计
            </ActionLink>
          )}
          {canDelete && <DeleteLink onDelete={() => call(liveRoomDelete, { ids: [r.id] }).then(table.refresh)} />}
        </TableActions>
      ),
    },
  ];

  return (
    <PageContainer
      title="直播管理"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={editor.create}>
            新建直播
          </Button>
        )
      }
      search={
        <TitleStateSearch
          name="liveSearch"
          placeholder="直播标题"
          states={[0, 1, 2].map((value) => ({ value, label: LIVE_STATE_LABELS[value] }))}
          onSearch={table.search}
        />
      }
    >
      {server.data && !server.data.configured && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="live-not-configured"
          message="尚未配置直播服务器"
          description="请按部署文档启动 nginx-rtmp 媒体服务器（npm run live:server），并设置 LIVE_RTMP_URL、LIVE_HLS_URL 与它生成的 LIVE_HOOK_SECRET 后重启服务。未配置前可以创建直播预告，但讲师无法推流、学员无法观看。"
        />
      )}
      <Table<TLiveRecord> {...table.tableProps} columns={columns} scroll={{ x: 960 }} />
      <LiveFormModal {...editor.dialog} />
      <PushModal room={pushOf} onClose={() => setPushOf(null)} />
      <StatDrawer room={statOf} onClose={() => setStatOf(null)} />
    </PageContainer>
  );
}
