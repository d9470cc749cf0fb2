/** 训练结果 (/web/repo/repo/:trainId): counts, accuracy, score (mock), time used and each question reviewed. */
import { TRAIN_MODE_LABELS, TrainMode, trainDetail, trainNext } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatSeconds } from '../../../../api/train';
import AnswerCard from '../training/AnswerCard';
import QuestionPane from '../training/QuestionPane';
import '../train.css';
import { call } from '../../../../api/call';
import { formatTime } from '../../../../utils/date-format';
import { resultHeading } from './result-heading';

export default function WebRepoResult() {
  const { trainId = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: ['train-result', trainId], queryFn: () => call(trainDetail, { trainId }) });
  const [sort, setSort] = useState(0);
  const d = detail.data;
  const qu = useQuery({
    queryKey: ['train-result-qu', trainId, sort],
    queryFn: () => call(trainNext, { trainId, sort }),
    enabled: Boolean(d),
  });
  if (!d) return <Card>{detail.isLoading ? <Skeleton active /> : '训练记录不存在'}</Card>;
  const heading = resultHeading(d);
  // counts that would tell right or wrong of a question in the learner's open paper
  const withheld = d.held || (d.mode === TrainMode.MOCK && d.state === 0);
  const back = d.repoId ? `/web/repo/view/${d.repoId}` : '/web/repo';
  return (
    <div className="train-page">
      <Card style={{ marginBottom: 16 }}>
        <Result
          status={heading.status}
          title={<span data-testid="result-title">{heading.title}</span>}
          subTitle={`${d.repoTitle ?? '错题复习'} · 开始于 ${formatTime(d.startedAt, 'YYYY-MM-DD HH:mm')}`}
          extra={
            <Space>
              {d.state === 0 && d.repoId && (
                <Button type="primary" onClick={() => navigate(`/web/repo/training/${d.repoId}/${d.mode}`)}>
                  继续训练
                </Button>
              )}
              <Button type={d.state === 1 ? 'primary' : 'default'} onClick={() => navigate(back)}>
                {d.repoId ? '返回题库' : '返回题库训练'}
              </Button>
            </Space>
          }
        />
        <Row gutter={[16, 12]} className="train-stats" data-testid="result-stats">
          {[
            { title: '题目数', value: d.total },
            { title: '已答', value: d.answered },
            { title: '答对', value: withheld ? '—' : d.rightCount, color: '#52c41a', testId: 'result-right' },
            { title: '答错', value: withheld ? '—' : d.wrongCount, color: '#ff4d4f' },
            { title: '正确率', value: withheld ? '—' : `${d.accuracy}%` },
            { title: '用时', value: formatSeconds(d.usedSeconds) },
          ].map((s) => (
            <Col key={s.title} xs={8} sm={4}>
              <Statistic title={s.title} value={s.value} valueStyle={{ color: s.color }} data-testid={s.testId} />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card title="题目回顾">
            {qu.data ? (
              <QuestionPane
                key={qu.data.quId}
                qu={qu.data}
                mode={d.mode}
                finished={d.state === 1}
                onFill={async () => null}
                registerFlush={() => {}}
              />
            ) : (
              <Skeleton active />
            )}
            <Space style={{ marginTop: 24 }}>
              <Button disabled={sort === 0} onClick={() => setSort(sort - 1)}>
                上一题
              </Button>
              <Button disabled={sort >= d.total - 1} onClick={() => setSort(sort + 1)}>
                下一题
              </Button>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title="答题卡">
            <AnswerCard card={d.card} current={sort} onPick={setSort} />
            <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
              <Descriptions.Item label="模式">{TRAIN_MODE_LABELS[d.mode]}</Descriptions.Item>
              {d.timeLimit > 0 && <Descriptions.Item label="考试时长">{d.timeLimit} 分钟</Descriptions.Item>}
              {d.finishedAt && (
                <Descriptions.Item label="结束时间">{formatTime(d.finishedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
