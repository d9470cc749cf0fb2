/** 消息管理: messages sent by administrators (server-paged) and the send form. */
import { SearchOutlined, SendOutlined } from '@ant-design/icons';
import type { TSentMsg } from '@exam/contracts';
import { sysMsgPaging } from '@exam/contracts';
import { Button, Form, Input, Progress, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call } from '../../../../api/call';
import { PageContainer, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import SendMsgModal from './SendMsgModal';

export default function SysMsgPage() {
  const canSend = usePermission('sys:msg:send');
  const table = useServerTable<TSentMsg, { keyword?: string | null }>(['sys-msg'], (req) => call(sysMsgPaging, req));
  const [sending, setSending] = useState(false);

  const columns: ColumnsType<TSentMsg> = [
    { title: '标题', dataIndex: 'title', width: 220, ellipsis: true },
    {
      title: '内容',
      dataIndex: 'content',
      ellipsis: true,
      render: (v: string) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: v }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: '发送人', dataIndex: 'senderName', width: 120, render: (v) => v || '系统' },
    { title: '接收人数', dataIndex: 'recipients', width: 100 },
    {
      title: '已读',
      key: 'read',
      width: 180,
      render: (_, row) => (
        <Progress
          size="small"
          percent={row.recipients ? Math.round((row.readCount / row.recipients) * 100) : 0}
          format={() => `${row.readCount}/${row.recipients}`}
        />
      ),
    },
    { title: '发送时间', dataIndex: 'createdAt', width: 170, render: (v) => formatDateTime(v) },
  ];

  return (
    <PageContainer
      title="消息管理"
      extra={
        canSend && (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)}>
            发送消息
          </Button>
        )
      }
      search={
        <Form name="msgSearch" layout="inline" onFinish={(v) => table.search({ keyword: v.keyword?.trim() || null })}>
          <Form.Item name="keyword">
            <Input placeholder="标题 / 内容" allowClear style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
        </Form>
      }
    >
      <Table<TSentMsg> {...table.tableProps} columns={columns} scroll={{ x: 960 }} />
      <SendMsgModal open={sending} onClose={() => setSending(false)} onSent={table.refresh} />
    </PageContainer>
  );
}
