/** 控制台: headline figures, the 14-day trend of sign-ins and new users, and quick links. */
import {
  ApartmentOutlined,
  BookOutlined,
  FileTextOutlined,
  FormOutlined,
  MailOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { fetchDashboardStat } from '../../../api/sys-admin';
import { flattenMenus } from '../../../router/menu-routes';
import { useUserStore } from '../../../stores/user';

// ECharts (~150 KB gzip) loads after the figures: the chart is below them and not needed to start.
const TrendChart = lazy(() => import('./TrendChart'));

interface StatCard {
  key: 'userCount' | 'deptCount' | 'examCount' | 'paperCount' | 'activeToday';
  title: string;
  icon: ReactNode;
  color: string;
}

const CARDS: StatCard[] = [
  { key: 'userCount', title: '用户总数', icon: <UserOutlined />, color: '#1890ff' },
  { key: 'deptCount', title: '部门数', icon: <ApartmentOutlined />, color: '#13c2c2' },
  { key: 'examCount', title: '考试数', icon: <FormOutlined />, color: '#722ed1' },
  { key: 'paperCount', title: '试卷数', icon: <FileTextOutlined />, color: '#fa8c16' },
  { key: 'activeToday', title: '今日活跃', icon: <ThunderboltOutlined />, color: '#52c41a' },
];

const LINKS = [
  { path: '/admin/sys/user', title: '用户管理', icon: <UserOutlined /> },
  { path: '/admin/sys/depart', title: '部门管理', icon: <ApartmentOutlined /> },
  { path: '/admin/sys/role', title: '角色管理', icon: <TeamOutlined /> },
  { path: '/admin/sys/msg', title: '发送消息', icon: <MailOutlined /> },
  { path: '/admin/sys/dic', title: '数据字典', icon: <BookOutlined /> },
  { path: '/admin/sys/config', title: '系统配置', icon: <SettingOutlined /> },
  { path: '/admin/sys/log', title: '系统日志', icon: <FileTextOutlined /> },
];

export default function DashboardPage() {
  const navigate = useNavigate();
  const routes = useUserStore((s) => s.routes);
  const realName = useUserStore((s) => s.realName);
  const stat = useQuery({ queryKey: ['sys-dashboard'], queryFn: fetchDashboardStat, staleTime: 60_000 });
  const links = useMemo(() => {
    const granted = new Set(flattenMenus(routes).map((r) => r.path));
    return LINKS.filter((l) => granted.has(l.path));
  }, [routes]);

  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ margin: '0 0 16px' }}>
        欢迎回来，{realName || '管理员'}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {CARDS.map((c) => (
          <Col key={c.key} xs={24} sm={12} lg={8} xl={{ flex: '20%' }}>
            <Card variant="borderless" className="page-card" data-testid={`stat-${c.key}`}>
              <Skeleton active loading={stat.isLoading} paragraph={false}>
                <Statistic
                  title={c.title}
                  value={stat.data?.[c.key] ?? 0}
                  prefix={<span style={{ color: c.color, marginRight: 4 }}>{c.icon}</span>}
                />
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={17}>
          <Card title="近14天趋势" variant="borderless" className="page-card">
            {stat.data?.trend.length ? (
              <Suspense fallback={<Skeleton active />}>
                <TrendChart data={stat.data.trend} />
              </Suspense>
            ) : stat.isLoading ? (
              <Skeleton active />
            ) : (
              <Empty description="暂无数据" />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={7}>
          <Card title="快捷入口" variant="borderless" className="page-card" style={{ height: '100%' }}>
            {links.length ? (
              <Row gutter={[12, 12]}>
                {links.map((l) => (
                  <Col span={12} key={l.path}>
                    <Card
                      hoverable
                      size="small"
                      onClick={() => navigate(l.path)}
                      styles={{ body: { textAlign: 'center', padding: '14px 8px' } }}
                    >
                      <div style={{ fontSize: 22, color: 'var(--app-primary, #1890ff)' }}>{l.icon}</div>
                      <div style={{ marginTop: 6 }}>{l.title}</div>
                    </Card>
                  </Col>
                ))}
              </Row>
            ) : (
              <Empty description="暂无可用入口" />
            )}
          </Card>
          {stat.data && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              题库 {stat.data.repoCount} 个，试题 {stat.data.questionCount} 道
            </Typography.Paragraph>
          )}
        </Col>
      </Row>
    </div>
  );
}
