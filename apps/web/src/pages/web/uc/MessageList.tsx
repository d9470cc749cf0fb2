/** 我的消息: paged list with read/unread filter, detail (marks read), mark read, delete with confirmation. */

import { sysUserMsgDetailForRead, sysUserMsgMarkRead, sysUserMsgPaging, sysUserMsgUserDelete } from '@exam/contracts';
import { App, Badge, Button, Modal, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { countUnreadMsg, type MsgRecord } from '../../../api/system';
import LearnerTable from '../../../components/LearnerTable';
import { useServerTable } from '../../../components/useServerTable';
import { useUserStore } from '../../../stores/user';
import { formatDateTime, formatTimeAgo } from '../../../utils/time';

type Filter = 'all' | 'unread' | 'read';

const refreshUnread = () =>
  countUnreadMsg()
    .then((n) => typeof n === 'number' && useUserStore.getState().setUnread(n))
    .catch(() => undefined);

export default function MessageList() {
  const { modal, message } = App.useApp();
  const [filter, setFilter] = useState<Filter>('all');
  const [detail, setDetail] = useState<MsgRecord | null>(null);
  const table = useServerTable<MsgRecord, { read?: boolean }>(['my-msg'], (data) => call(sysUserMsgPaging, data), {
    selectable: true,
  });
  const ids = table.selectedRowKeys.map(String);

  const changeFilter = (value: Filter) => {
    setFilter(value);
    table.search(value === 'all' ? {} : { read: value === 'read' });
  };
  const done = async (text: string) => {
    message.success(text);
    table.setSelectedRowKeys([]);
    table.refresh();
    await refreshUnread();
  };
  const open = async (record: MsgRecord) => {
    try {
      setDetail(await call(sysUserMsgDetailForRead, { id: record.id }));
      if (!record.read) await done('已标记为已读');
    } catch {
      // shown by the client
    }
  };
  const markRead = async (list: string[]) => {
    try {
      await call(sysUserMsgMarkRead, { ids: list });
      await done('已标记为已读');
    } catch {
      // shown by the client
    }
  };
  const remove = (list: string[]) =>
    modal.confirm({
      title: '提示',
      content: `确实要删除选中的 ${list.length} 条消息吗？`,
      okType: 'danger',
      onOk: async () => {
        await call(sysUserMsgUserDelete, { ids: list });
        await done('删除成功');
      },
    });

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented<Filter>
          value={filter}
          onChange={changeFilter}
          options={[
            { label: '全部', value: 'all' },
            { label: '未读', value: 'unread' },
            { label: '已读', value: 'read' },
          ]}
        />
        <Button disabled={!ids.length} onClick={() => markRead(ids)}>
          标记已读
        </Button>
        <Button
          onClick={() =>
            call(sysUserMsgMarkRead, { all: true })
              .then(() => done('全部消息已标记为已读'))
              .catch(() => undefined)
          }
        >
          全部已读
        </Button>
        <Button danger disabled={!ids.length} onClick={() => remove(ids)}>
          删除
        </Button>
      </Space>
      <LearnerTable<MsgRecord>
        scroll={{ x: 'max-content' }} // wide screens; a phone gets cards
        {...table.tableProps}
        size="middle"
        locale={{ emptyText: '暂无消息' }}
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (title: string, r) => (
              <Typography.Link onClick={() => open(r)}>
                <Badge dot={!r.read} offset={[6, 0]}>
                  <Typography.Text strong={!r.read}>{title}</Typography.Text>
                </Badge>
              </Typography.Link>
            ),
          },
          {
            title: '状态',
            dataIndex: 'read',
            width: 90,
            render: (read: boolean) => (read ? <Tag>已读</Tag> : <Tag color="processing">未读</Tag>),
          },
          {
            title: '时间',
            dataIndex: 'createdAt',
            width: 140,
            render: (t: string) => <span title={formatDateTime(t)}>{formatTimeAgo(t)}</span>,
          },
          {
            title: '操作',
            card: 'actions',
            width: 150,
            render: (_v, r) => (
              <Space size={4}>
                {!r.read && (
                  <Button type="link" size="small" onClick={() => markRead([r.id])}>
                    标记已读
                  </Button>
                )}
                <Button type="link" size="small" danger onClick={() => remove([r.id])}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!detail} title={detail?.title} footer={null} onCancel={() => setDetail(null)} width={640}>
        <Typography.Text type="secondary">{formatDateTime(detail?.createdAt)}</Typography.Text>
        <div style={{ marginTop: 12, lineHeight: 1.8, whiteSpace: 'pre-wrap' }}>{detail?.content || '（无内容）'}</div>
      </Modal>
    </>
  );
}
