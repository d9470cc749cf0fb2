/**
 * 控制台, the training manager's home: what to do next. Papers waiting to be marked, today's and
 * this week's exams with their sittings, learners overdue on training, course completion,
 * certificates and what is not set up yet. A part the viewer has no permission for is absent;
 * a link shows only when the viewer has its menu. The system figures are on 系统管理 → 系统日志.
 */
import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  FormOutlined,
  HighlightOutlined,
  SafetyCertificateOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { TTrainingOverview } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Progress, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { flattenMenus } from '../../../router/menu-routes';
import { useUserStore } from '../../../stores/user';
import { formatDateTime } from '../../../utils/time';
import './dashboard.css';
import { dashboardTrainingOverview } from '@exam/contracts';
import { call } from '../../../api/call';

type Exam = NonNullable<TTrainingOverview['examsToday']>[number];

/** The menu paths the viewer has: links elsewhere are plain text. */
function useGranted() {
  const routes = useUserStore((s) => s.routes);
  return useMemo(() => new Set(flattenMenus(routes).map((r) => r.path)), [routes]);
}

function To({ path, granted, children }: { path: string; granted: Set<string>; children: ReactNode }) {
  return granted.has(path) ? <Link to={path}>{children}</Link> : children;
}

function Figure(props: { title: string; value: number; icon: ReactNode; color: string; path: string; testId: string }) {
  const granted = useGranted();
  return (
    <Card variant="borderless" className="page-card" data-testid={props.testId}>
      <To path={props.path} granted={granted}>
        <Statistic
          title={props.title}
          value={props.value}
          prefix={<span style={{ color: props.color, marginRight: 4 }}>{props.icon}</span>}
        />
      </To>
    </Card>
  );
}

/**
 * Today's or the week's exams: a plain table (a few rows, no paging or sorting), which keeps antd's
 * Table and its dependencies off the administrator's first page (the size budget).
 */
function ExamTable({ exams, testId }: { exams: Exam[]; testId: string }) {
  if (!exams.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无考试" data-testid={testId} />;
  return (
    <table className="dash-table" data-testid={testId}>
      <thead>
        <tr>
          <th>考试</th>
          <th className="dash-table__time">时间</th>
          <th className="dash-table__num">作答中</th>
          <th className="dash-table__num">已交卷</th>
          <th className="dash-table__num">参加人数</th>
        </tr>
      </thead>
      <tbody>
        {exams.map((e) => (
          <tr key={e.examId}>
            <td>
              <span className="dash-title">{e.title}</span>
            </td>
            <td className="dash-time">
              {formatDateTime(e.startTime)}
              <br />至 {formatDateTime(e.endTime)}
            </td>
            <td className="dash-table__num">{e.sitting}</td>
            <td className="dash-table__num">{e.handed}</td>
            <td className="dash-table__num">{e.learners}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DashboardPage() {
  const granted = useGranted();
  const realName = useUserStore((s) => s.realName);
  const q = useQuery({
    queryKey: ['training-overview'],
    queryFn: () => call(dashboardTrainingOverview, {}),
    staleTime: 30_000,
  });
  const d = q.data;
  if (q.isLoading || !d)
    return (
      <Card variant="borderless" className="page-card">
        <Skeleton active />
      </Card>
    );
  const overdueLearners = (d.overdue ?? []).reduce((n, o) => n + o.learners, 0);
  const todo = (d.setup ?? []).filter((s) => !s.done).length;
  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ margin: '0 0 16px' }}>
        欢迎回来，{realName || '管理员'}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {d.marking && (
          <Col xs={24} sm={12} xl={6}>
            <Figure
              title="待阅试卷"
              value={d.marking.papers}
              icon={<HighlightOutlined />}
              color="#fa8c16"
              path="/admin/exam/mark"
              testId="fig-marking"
            />
          </Col>
        )}
        {d.examsToday && (
          <Col xs={24} sm={12} xl={6}>
            <Figure
              title="今日考试"
              value={d.examsToday.length}
              icon={<FormOutlined />}
              color="#722ed1"
              path="/admin/exam/exam"
              testId="fig-exams"
            />
          </Col>
        )}
        {d.certs && (
          <Col xs={24} sm={12} xl={6}>
            <Figure
              title={`证书（近30天 ${d.certs.last30} 张）`}
              value={d.certs.total}
              icon={<SafetyCertificateOutlined />}
              color="#52c41a"
              path="/admin/cert/cert"
              testId="fig-certs"
            />
          </Col>
        )}
        {d.overdue && (
          <Col xs={24} sm={12} xl={6}>
            <Figure
              title="逾期未完成（人次）"
              value={overdueLearners}
              icon={<WarningOutlined />}
              color="#f5222d"
              path="/admin/exam/result"
              testId="fig-overdue"
            />
          </Col>
        )}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={15}>
          {d.marking && (
            <Card
              title="待阅卷（按考试）"
              variant="borderless"
              className="page-card dash-card"
              extra={
                <To path="/admin/exam/mark" granted={granted}>
                  去阅卷
                </To>
              }
              data-testid="dash-marking"
            >
              {d.marking.exams.length ? (
                <List
                  size="small"
                  dataSource={d.marking.exams}
                  renderItem={(e) => (
                    <List.Item extra={<Tag color="orange">{e.papers} 份</Tag>}>
                      <span className="dash-title">{e.title}</span>
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待阅的试卷" />
              )}
            </Card>
          )}
          {d.examsToday && (
            <Card
              title="今日考试"
              variant="borderless"
              className="page-card dash-card"
              extra={
                <To path="/admin/exam/exam" granted={granted}>
                  考试管理
                </To>
              }
            >
              <ExamTable exams={d.examsToday} testId="dash-today" />
            </Card>
          )}
          {d.examsWeek && (
            <Card title="本周即将开始" variant="borderless" className="page-card dash-card">
              <ExamTable exams={d.examsWeek} testId="dash-week" />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={9}>
          {d.setup && (
            <Card
              title={todo ? `待配置（${todo} 项）` : '配置已完成'}
              variant="borderless"
              className="page-card dash-card"
              data-testid="dash-setup"
            >
              <List
                size="small"
                dataSource={d.setup}
                renderItem={(s) => (
                  <List.Item
                    data-testid={`setup-${s.key}`}
                    extra={
                      !s.done && granted.has(s.path) ? (
                        <Link to={s.path} aria-label={`设置${s.title}`}>
                          去设置
                        </Link>
                      ) : null
                    }
                  >
                    <List.Item.Meta
                      avatar={
                        s.done ? (
                          <CheckCircleFilled style={{ color: '#52c41a' }} />
                        ) : (
                          <ExclamationCircleFilled style={{ color: '#faad14' }} />
                        )
                      }
                      title={s.title}
                      description={s.detail}
                    />
                  </List.Item>
                )}
              />
            </Card>
          )}
          {d.overdue && (
            <Card title="逾期未完成" variant="borderless" className="page-card dash-card" data-testid="dash-overdue">
              {d.overdue.length ? (
                <List
                  size="small"
                  dataSource={d.overdue}
                  renderItem={(o) => (
                    <List.Item extra={<Tag color="red">{o.learners} 人</Tag>}>
                      <List.Item.Meta
                        title={
                          <span className="dash-title">
                            <Tag>{o.kind === 'course' ? '必修课' : '考试'}</Tag>
                            {o.title}
                          </span>
                        }
                        description={`截止 ${formatDateTime(o.endTime)}，${o.kind === 'course' ? '未完成学习' : '未参加考试'}`}
                      />
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近30天没有逾期未完成的学员" />
              )}
            </Card>
          )}
          {d.courses && (
            <Card
              title="课程完成情况"
              variant="borderless"
              className="page-card dash-card"
              extra={
                <To path="/admin/course/index" granted={granted}>
                  课程管理
                </To>
              }
              data-testid="dash-courses"
            >
              {d.courses.length ? (
                <List
                  size="small"
                  dataSource={d.courses}
                  renderItem={(c) => (
                    <List.Item>
                      <div style={{ width: '100%' }}>
                        <span className="dash-title">
                          {c.required && <Tag color="blue">必修</Tag>}
                          {c.title}
                        </span>
                        <Progress
                          percent={c.rate}
                          size="small"
                          format={() => `${c.completed} / ${c.audience} 人`}
                          aria-label={`${c.title}完成率`}
                        />
                      </div>
                    </List.Item>
                  )}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已发布的课程" />
              )}
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}
