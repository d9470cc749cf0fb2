/** 考试结果 (/web/exam/result/:id, :id = paper id): score, 通过/未通过, time used, review when allowed. */
import { BookOutlined, HistoryOutlined, HomeOutlined } from '@ant-design/icons';
import { EXAM_RESULT_LABELS, paperPaperResult } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Result, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useUserStore } from '../../../../stores/user';
import { formatDateTime } from '../../../../utils/time';
import '../exam.css';
import { usedText } from '../format';
import '../start/room.css';
import { call } from '../../../../api/call';
import { useRoomExits } from '../../../../hooks/room-exits';
import ReviewList from './ReviewList';
import ScoreBreakdown from './ScoreBreakdown';
import { useRefetchWhenMarked } from './useRefetchWhenMarked';

export default function WebExamResult() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const exits = useRoomExits();
  const userId = useUserStore((s) => s.userId);
  // Fetched afresh on every visit: a paper marked since the last one shows its score.
  const query = useQuery({
    queryKey: ['paper-result', id],
    queryFn: () => call(paperPaperResult, { paperId: id }),
    refetchOnMount: 'always',
  });
  const r = query.data;
  useRefetchWhenMarked(r?.state === 1, query.refetch);
  if (query.isLoading)
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (!r)
    return (
      <Card className="page-card">
        <Empty description="成绩不存在" />
      </Card>
    );

  const passed = r.passed;
  const status = r.voided
    ? 'warning'
    : r.state === 3
      ? 'info'
      : r.state === 1
        ? 'info'
        : passed
          ? 'success'
          : passed === false
            ? 'error'
            : 'info';
  const title = r.voided
    ? '本次答卷已作废'
    : r.state === 3
      ? '您已放弃本次考试'
      : r.state === 1
        ? '已交卷，等待阅卷'
        : r.showScore && r.resultLabel
          ? `考试${r.resultLabel}`
          : '已交卷';
  const actions = exits.candidate ? null : (
    <Space wrap>
      <Button icon={<HomeOutlined />} onClick={() => navigate(exits.home)}>
        返回考试列表
      </Button>
      <Button icon={<HistoryOutlined />} onClick={() => navigate(`/web/paper/list/${r.examId}/${userId}`)}>
        考试记录
      </Button>
      <Button icon={<BookOutlined />} type="primary" onClick={() => navigate(`/web/book/list/${r.examId}`)}>
        错题本
      </Button>
    </Space>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card className="page-card" variant="borderless">
        <Result
          status={status}
          title={<span data-testid="result-title">{title}</span>}
          subTitle={r.title}
          extra={actions}
          style={{ padding: '16px 0 8px' }}
        />
        {r.voided && r.voidReason && (
          <Alert type="warning" showIcon message={`作废原因：${r.voidReason}`} style={{ marginBottom: 16 }} />
        )}
        <Row gutter={[16, 16]} className="result-stats">
          <Col xs={12} md={6}>
            <Statistic
              title="得分"
              // waiting for its marker: no total yet (the subjective part is missing)
              value={r.showScore && r.userScore !== null && r.state !== 1 ? r.userScore : '—'}
              suffix={`/ ${r.totalScore}`}
              valueStyle={{ color: passed ? '#52c41a' : passed === false ? '#cf1322' : undefined }}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="考试结果"
              valueRender={() => (
                <span data-testid="result-label">
                  {r.showScore && passed !== null ? (
                    <Tag color={passed ? 'success' : 'error'} style={{ fontSize: 16, padding: '4px 12px' }}>
                      {EXAM_RESULT_LABELS[passed ? 1 : 0]}
                    </Tag>
                  ) : (
                    <Tag>{r.stateLabel}</Tag>
                  )}
                </span>
              )}
            />
          </Col>
          {r.rank && (
            // Only when the exam shows ranks and this paper is finished (the server decides).
            <Col xs={12} md={6}>
              <Statistic
                title="名次"
                valueRender={() => (
                  <span data-testid="result-rank" className="result-rank">
                    <span>第 {r.rank?.rank} 名</span>{' '}
                    <span className="result-rank__total">/ 共 {r.rank?.total} 人</span>
                  </span>
                )}
              />
            </Col>
          )}
          <Col xs={12} md={6}>
            <Statistic title="及格分" value={r.passScore} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="用时" value={usedText(r.usedSeconds)} />
          </Col>
          {r.showScore && r.objScore !== null && (
            <Col xs={12} md={6}>
              <Statistic title="客观题得分" value={r.objScore} />
            </Col>
          )}
          {r.showScore && r.subjScore !== null && (
            <Col xs={12} md={6}>
              <Statistic title="主观题得分" value={r.state === 1 ? '待阅卷' : r.subjScore} />
            </Col>
          )}
          <Col xs={12} md={6}>
            <Statistic title="开始时间" value={formatDateTime(r.startTime)} valueStyle={{ fontSize: 15 }} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="交卷时间" value={formatDateTime(r.handTime) || '—'} valueStyle={{ fontSize: 15 }} />
          </Col>
        </Row>
        {!r.showScore && r.state !== 3 && (
          <Alert style={{ marginTop: 16 }} type="info" showIcon message="成绩将在阅卷完成后公布" />
        )}
      </Card>
      {r.byType && r.bySection && <ScoreBreakdown byType={r.byType} bySection={r.bySection} />}
      {r.questions && r.questions.length > 0 ? (
        <Card className="page-card" variant="borderless" title="答卷回顾" styles={{ body: { background: '#f5f7fa' } }}>
          <ReviewList questions={r.questions} favourites={!exits.candidate} paperId={r.id} />
        </Card>
      ) : r.reviewNote && r.state !== 0 ? (
        <Alert type="info" showIcon message={r.reviewNote} data-testid="review-note" />
      ) : (
        r.state === 2 && <Alert type="info" showIcon message="本场考试不公布答案" />
      )}
    </Space>
  );
}
