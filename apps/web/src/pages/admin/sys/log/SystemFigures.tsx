/**
 * 系统概况 above the logs: users, departments, today's sign-ins, the content counts and the 14-day
 * trend of sign-ins and new users (the home shows the training instead). People figures follow
 * the administrator's data scope.
 */
import {
  ApartmentOutlined,
  FileTextOutlined,
  FormOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { sysDashboardStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { call } from '../../../../api/call';

// ECharts (~150 KB gzip) loads after the figures: the chart is below them and not needed to start.
const TrendChart = lazy(() => import('./TrendChart'));

interface Figure {
  key: 'userCount' | 'deptCount' | 'examCount' | 'paperCount' | 'activeToday';
  title: string;
  icon: ReactNode;
  color: string;
}

const FIGURES: Figure[] = [
  { key: 'userCount', title: '用户总数', icon: <UserOutlined />, color: '#1890ff' },
  { key: 'deptCount', title: '部门数', icon: <ApartmentOutlined />, color: '#13c2c2' },
  { key: 'activeToday', title: '今日活跃', icon: <ThunderboltOutlined />, color: '#52c41a' },
  { key: 'examCount', title: '考试数', icon: <FormOutlined />, color: '#722ed1' },
  { key: 'paperCount', title: '试卷数', icon: <FileTextOutlined />, color: '#fa8c16' },
];

export default function SystemFigures() {
  const stat = useQuery({ queryKey: ['sys-dashboard'], queryFn: () => call(sysDashboardStat, {}), staleTime: 60_000 });
  return (
    <Card title="系统概况" variant="borderless" className="page-card" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Row gutter={[12, 12]}>
            {FIGURES.map((f) => (
              <Col key={f.key} span={12} data-testid={`stat-${f.key}`}>
                <Skeleton active loading={stat.isLoading} paragraph={false}>
                  <Statistic
                    title={f.title}
                    value={stat.data?.[f.key] ?? 0}
                    prefix={<span style={{ color: f.color, marginRight: 4 }}>{f.icon}</span>}
                  />
                </Skeleton>
              </Col>
            ))}
            {stat.data && (
              <Col span={12}>
                <Typography.Text type="secondary">
                  题库 {stat.data.repoCount} 个，试题 {stat.data.questionCount} 道
                </Typography.Text>
              </Col>
            )}
          </Row>
        </Col>
        <Col xs={24} xl={15}>
          <Typography.Text strong>近14天趋势</Typography.Text>
          {stat.data?.trend.length ? (
            <Suspense fallback={<Skeleton active />}>
              <TrendChart data={stat.data.trend} />
            </Suspense>
          ) : stat.isLoading ? (
            <Skeleton active />
          ) : (
            <Empty description="暂无数据" />
          )}
        </Col>
      </Row>
    </Card>
  );
}
