/** 题库训练 (/web/repo): the banks open to me for practice, counts per type, my progress and accuracy. */
import { QUESTION_TYPE_LABELS } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, Progress, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { trainApi } from '../../../api/train';
import LoadFailed from '../../../components/LoadFailed';
import ReviewDueCard from '../../../components/ReviewDueCard';
import './train.css';

export default function WebRepo() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const list = useQuery({ queryKey: ['train-repos', title], queryFn: () => trainApi.repoList(title || undefined) });
  const repos = list.data ?? [];
  return (
    <div className="train-page">
      <ReviewDueCard />
      <Card
        title="题库训练"
        extra={<Input.Search allowClear placeholder="搜索题库名称" onSearch={setTitle} style={{ width: 240 }} />}
      >
        {list.isLoading ? (
          <Skeleton active />
        ) : list.isError ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} title="题库加载失败" />
        ) : repos.length === 0 ? (
          <Empty description="暂无开放练习的题库" />
        ) : (
          <Row gutter={[16, 16]}>
            {repos.map((r) => (
              <Col xs={24} md={12} xl={8} key={r.id}>
                <Card
                  className="train-repo-card"
                  data-testid="train-repo-card"
                  hoverable
                  onClick={() => navigate(`/web/repo/view/${r.id}`)}
                  actions={[
                    <Button type="link" key="go" onClick={() => navigate(`/web/repo/view/${r.id}`)}>
                      进入练习
                    </Button>,
                  ]}
                >
                  <Space direction="vertical" style={{ width: '100%' }} size={8}>
                    <Space>
                      <Typography.Text strong style={{ fontSize: 16 }}>
                        {r.title}
                      </Typography.Text>
                      {r.categoryTitle && <Tag color="blue">{r.categoryTitle}</Tag>}
                    </Space>
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44, margin: 0 }}>
                      {r.remark || '暂无简介'}
                    </Typography.Paragraph>
                    <div>
                      {Object.entries(r.byType).map(([type, n]) => (
                        <Tag key={type}>
                          {QUESTION_TYPE_LABELS[Number(type)]} {n}
                        </Tag>
                      ))}
                    </div>
                    <Progress percent={r.progress} size="small" format={(p) => `进度 ${p}%`} />
                    <Row>
                      <Col span={8}>
                        <Statistic title="试题" value={r.quCount} valueStyle={{ fontSize: 18 }} />
                      </Col>
                      <Col span={8}>
                        <Statistic title="已练" value={r.doneCount} valueStyle={{ fontSize: 18 }} />
                      </Col>
                      <Col span={8}>
                        <Statistic title="正确率" value={r.accuracy} suffix="%" valueStyle={{ fontSize: 18 }} />
                      </Col>
                    </Row>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
