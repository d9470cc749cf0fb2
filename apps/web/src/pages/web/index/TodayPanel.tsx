/**
 * The top of the learner home: what to do now — papers left open, exams open now
 * with their deadline, exams coming up with a countdown, today's review, practice to continue.
 * Each block tells a failed request from an empty one.
 */
import { ClockCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { TRAIN_MODE_LABELS, TrainState } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, List, Row } from 'antd';
import { useNavigate } from 'react-router';
import { examApi } from '../../../api/exam';
import { trainApi } from '../../../api/train';
import { errorText } from '../../../components/LoadFailed';
import ReviewDueCard from '../../../components/ReviewDueCard';
import { Text } from '../../../components/text';
import { sortToday, untilText } from './today';

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Text type="danger" data-testid="today-failed">
      加载失败：{errorText(error)}{' '}
      <Button size="small" type="link" onClick={onRetry}>
        重试
      </Button>
    </Text>
  );
}

export default function TodayPanel() {
  const navigate = useNavigate();
  const now = Date.now();
  const open = useQuery({
    queryKey: ['today-exams', 1],
    queryFn: () => examApi.onlinePaging({ current: 1, size: 50, params: { timeState: 1 } }, { silent: true }),
  });
  const coming = useQuery({
    queryKey: ['today-exams', 0],
    queryFn: () => examApi.onlinePaging({ current: 1, size: 10, params: { timeState: 0 } }, { silent: true }),
  });
  const practice = useQuery({
    queryKey: ['today-practice'],
    queryFn: () => trainApi.paging({ current: 1, size: 20, params: {} }, { silent: true }),
  });
  const today = sortToday([...(open.data?.records ?? []), ...(coming.data?.records ?? [])]);
  const practising = (practice.data?.records ?? []).filter((t) => t.state === TrainState.OPEN && t.repoId).slice(0, 3);

  return (
    <Row gutter={[16, 16]} className="today" data-testid="today">
      <Col xs={24} lg={14}>
        <Card size="small" title="现在可以做" data-testid="today-exams">
          {open.isError ? (
            <Failed error={open.error} onRetry={() => void open.refetch()} />
          ) : (
            <List
              loading={open.isLoading}
              locale={{ emptyText: '当前没有待参加的考试' }}
              dataSource={[...today.unfinished, ...today.openNow].slice(0, 5)}
              renderItem={(e) => (
                <List.Item
                  data-testid="today-exam"
                  actions={[
                    e.openPaperId ? (
                      <Button
                        key="go"
                        type="primary"
                        icon={<PlayCircleOutlined />}
                        onClick={() => navigate(`/web/exam/start/${e.openPaperId}`)}
                      >
                        继续考试
                      </Button>
                    ) : (
                      <Button key="go" onClick={() => navigate(`/web/exam/check/${e.id}`)}>
                        去考试
                      </Button>
                    ),
                  ]}
                >
                  <List.Item.Meta
                    title={e.title}
                    description={
                      e.openPaperId
                        ? '您有未交卷的试卷，请继续作答'
                        : `距截止还有 ${untilText(Date.parse(e.endTime) - now)}`
                    }
                  />
                </List.Item>
              )}
            />
          )}
          {coming.isError ? (
            <Failed error={coming.error} onRetry={() => void coming.refetch()} />
          ) : (
            today.comingUp.slice(0, 3).map((e) => (
              <div key={e.id} className="today-coming" data-testid="today-coming">
                <ClockCircleOutlined /> 即将开始：{e.title}（{untilText(Date.parse(e.startTime) - now)}后）
              </div>
            ))
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <ReviewDueCard />
        <Card size="small" title="继续练习" data-testid="today-practice">
          {practice.isError ? (
            <Failed error={practice.error} onRetry={() => void practice.refetch()} />
          ) : (
            <List
              loading={practice.isLoading}
              locale={{ emptyText: '没有未完成的练习' }}
              dataSource={practising}
              renderItem={(t) => (
                <List.Item
                  actions={[
                    <Button key="go" onClick={() => navigate(`/web/repo/training/${t.repoId}/${t.mode}`)}>
                      继续
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={t.repoTitle ?? '练习'}
                    description={`${TRAIN_MODE_LABELS[t.mode] ?? ''} · 已答 ${t.answered}/${t.total}`}
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
