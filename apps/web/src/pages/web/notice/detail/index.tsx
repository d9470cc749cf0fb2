/** 公告详情 (/web/notice/detail/:id): opening it records the read and clears its message from the badge. */
import { ArrowLeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Divider, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { countUnreadMsg } from '../../../../api/system';
import RichHtml from '../../../../components/question/RichHtml';
import { useUserStore } from '../../../../stores/user';
import { formatDateTime } from '../../../../utils/time';
import '../notice.css';
import { noticeRead } from '@exam/contracts';
import { call } from '../../../../api/call';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function WebNoticeDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['notice-read', id], queryFn: () => call(noticeRead, { id }), retry: false });

  useEffect(() => {
    if (!query.data) return;
    void client.invalidateQueries({ queryKey: ['my-notices'] });
    countUnreadMsg()
      .then((n) => useUserStore.getState().setUnread(n))
      .catch(() => undefined);
  }, [query.data, client]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/web/notice')}>
      返回公告列表
    </Button>
  );
  if (query.isError)
    return (
      <Card className="page-card" variant="borderless">
        <Result status="warning" title={(query.error as Error)?.message || '公告不存在'} extra={back} />
      </Card>
    );
  const n = query.data;
  return (
    <Card className="page-card" variant="borderless" extra={back} title="公告详情">
      {!n ? (
        <Skeleton active />
      ) : (
        <article>
          <h1 className="notice-detail__title">
            {n.pinned && <Tag color="red">置顶</Tag>}
            {n.title}
          </h1>
          <Space wrap size={16}>
            <Typography.Text type="secondary">发布人：{n.publisherName || '系统'}</Typography.Text>
            <Typography.Text type="secondary">发布时间：{formatDateTime(n.publishAt)}</Typography.Text>
          </Space>
          <Divider style={{ margin: '12px 0' }} />
          <RichHtml className="notice-detail__content" html={n.content} />
          {n.attachments.length > 0 && (
            <>
              <Divider titlePlacement="start" plain>
                附件
              </Divider>
              <Space direction="vertical">
                {n.attachments.map((a) => (
                  <a key={a.id} href={a.url} target="_blank" rel="noreferrer">
                    <PaperClipOutlined /> {a.name}（{sizeText(a.size)}）
                  </a>
                ))}
              </Space>
            </>
          )}
        </article>
      )}
    </Card>
  );
}
