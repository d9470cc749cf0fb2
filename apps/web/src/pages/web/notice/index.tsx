/** 系统公告 (/web/notice): notices addressed to me, pinned first, unread marked; search and paging. */
import { NotificationOutlined } from '@ant-design/icons';
import type { TMyNotice } from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Card, Flex, Input, List, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import LoadFailed from '../../../components/LoadFailed';
import { formatDateTime } from '../../../utils/time';
import './notice.css';
import { noticeMyPaging } from '@exam/contracts';
import { call, type PageParams } from '../../../api/call';

type Filter = 'all' | 'unread' | 'read';

type MyNoticeParams = PageParams<typeof noticeMyPaging>;

export default function WebNotice() {
  const navigate = useNavigate();
  const [params, setParams] = useState<MyNoticeParams>({});
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState({ current: 1, size: 10 });
  const query = useQuery({
    queryKey: ['my-notices', params, page],
    queryFn: () => call(noticeMyPaging, { ...page, params }),
    placeholderData: keepPreviousData,
  });
  const update = (patch: MyNoticeParams) => {
    setParams((p) => ({ ...p, ...patch }));
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <span>
          <NotificationOutlined /> 系统公告
        </span>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索公告标题"
          style={{ maxWidth: 280 }}
          onSearch={(v) => update({ title: v.trim() || null })}
        />
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            update({ read: v === 'all' ? null : v === 'read' });
          }}
          options={[
            { label: '全部', value: 'all' },
            { label: '未读', value: 'unread' },
            { label: '已读', value: 'read' },
          ]}
        />
      </Flex>
      <List<TMyNotice>
        className="notice-list"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        locale={{
          emptyText: query.isError ? (
            <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            '暂无公告'
          ),
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: query.data?.total ?? 0,
          size: 'small',
          showTotal: (total) => `共 ${total} 条`,
          onChange: (current, size) => setPage({ current, size }),
          hideOnSinglePage: true,
        }}
        renderItem={(n) => (
          <List.Item
            key={n.id}
            data-testid={`notice-item-${n.id}`}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(`/web/notice/detail/${n.id}`)}
          >
            <div style={{ minWidth: 0, flex: 1 }}>
              <div className={`notice-item__title${n.read ? '' : ' notice-item__title--unread'}`}>
                {!n.read && <Badge status="processing" />}
                {n.pinned && <Tag color="red">置顶</Tag>}
                <a href={`/web/notice/detail/${n.id}`} onClick={(e) => e.preventDefault()}>
                  {n.title}
                </a>
                {n.read ? <Tag>已读</Tag> : <Tag color="processing">未读</Tag>}
              </div>
              {n.summary && <div className="notice-item__summary">{n.summary}</div>}
              <div className="notice-item__time">{formatDateTime(n.publishAt)}</div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
