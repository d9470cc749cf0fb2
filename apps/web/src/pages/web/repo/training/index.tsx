/**
 * 开始训练 (/web/repo/training/:repoId/:mode): starts or resumes the session of the mode (7 =
 * review of due wrong questions), then one question at a time with the answer card beside it.
 * Mock mode (6) runs a countdown from the server's deadline and hands in when it reaches zero; its
 * answers go through the exam room's journal (useMockJournal), so none is lost offline.
 */
import {
  type TAnswerValue,
  TRAIN_MODE_LABELS,
  TrainMode,
  type TTrainStarted,
  trainClear,
  trainDetail,
  trainFinish,
  trainNext,
  trainReviewStart,
  trainSelfMark,
  trainStart,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Modal, Result, Row, Skeleton, Space, Statistic } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatSeconds, trainApi } from '../../../../api/train';
import FavNoteButtons from '../../../../components/fav/FavNoteButtons';
import AnswerCard from './AnswerCard';
import MockSyncState, { withUnsent } from './MockSyncState';
import QuestionPane from './QuestionPane';
import { useMockJournal } from './useMockJournal';
import '../train.css';
import { call } from '../../../../api/call';

/** One start per page visit, shared by StrictMode's double effects. */
function useStart(repoId: string, mode: number, search: URLSearchParams) {
  const [started, setStarted] = useState<TTrainStarted | null>(null);
  const [error, setError] = useState<string | null>(null);
  const once = useRef<Promise<TTrainStarted> | null>(null);
  useEffect(() => {
    const num = (k: string) => (search.get(k) ? Number(search.get(k)) : undefined);
    once.current ??=
      mode === TrainMode.REVIEW
        ? call(trainReviewStart, {})
        : call(trainStart, {
            repoId,
            mode,
            types: search.get('types')?.split(',').filter(Boolean).map(Number),
            count: num('count'),
            timeLimit: num('time'),
          });
    once.current.then(setStarted, (e: Error) => setError(e.message));
  }, [repoId, mode, search]);
  return { started, error };
}

export default function WebRepoTraining() {
  const { repoId = '', mode: modeText = '1' } = useParams();
  const mode = Number(modeText);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const { started, error } = useStart(repoId, mode, search);
  const trainId = started?.trainId;
  const [current, setCurrent] = useState<number | null>(null);
  const flush = useRef<(() => Promise<void>) | null>(null);
  const detail = useQuery({
    queryKey: ['train-detail', trainId],
    queryFn: () => call(trainDetail, { trainId: trainId as string }),
    enabled: Boolean(trainId),
  });
  const d = detail.data;
  const sort = current ?? d?.current ?? 0;
  // The screen resumes at the first unanswered question once; later recounts do not move it.
  useEffect(() => {
    if (d && current === null) setCurrent(d.current);
  }, [d, current]);
  const qu = useQuery({
    queryKey: ['train-qu', trainId, sort],
    queryFn: () => call(trainNext, { trainId: trainId as string, sort }),
    enabled: Boolean(d),
    gcTime: 0,
  });
  const mock = mode === TrainMode.MOCK;
  const remaining = useCountdown(d?.deadline ?? null, d?.serverTime ?? null);
  const resultUrl = `/web/repo/repo/${trainId}`;
  const [remount, setRemount] = useState(0);
  const journal = useMockJournal(trainId, mock, {
    saved: () => void detail.refetch(),
    // The server holds a newer answer (another window): show it, never this one as saved.
    conflict: (quId) => {
      const no = (d?.card.find((c) => c.quId === quId)?.sort ?? 0) + 1;
      message.warning(`第 ${no} 题的答案已在其他窗口修改，已显示服务器上保存的答案`);
      if (quId === qu.data?.quId) void qu.refetch().then(() => setRemount((n) => n + 1));
    },
    closed: (reason) => {
      message.warning(reason);
      navigate(resultUrl, { replace: true });
    },
  });

  useEffect(() => {
    if (started?.finished || d?.state === 1) navigate(resultUrl, { replace: true });
  }, [started, d?.state, navigate, resultUrl]);
  const { flush: flushJournal, clear: clearJournal, seedSeq } = journal;
  // Answers of this window are numbered above any the server holds (another device, a cleared browser).
  useEffect(() => {
    if (mock && d) seedSeq(d.seq);
  }, [mock, d, seedSeq]);
  const autoFinished = useRef(false);
  useEffect(() => {
    if (mock && d?.state === 0 && remaining === 0 && !autoFinished.current) {
      autoFinished.current = true;
      message.warning('考试时间到，已自动交卷');
      // What is still unsent after one last try is past the deadline: the server would refuse it.
      void flushJournal()
        .then(() => call(trainFinish, { trainId: d.id }))
        .then(() => {
          clearJournal();
          navigate(resultUrl, { replace: true });
        });
    }
  }, [mock, d, remaining, message, navigate, resultUrl, flushJournal, clearJournal]);

  const goTo = async (to: number) => {
    await flush.current?.();
    setCurrent(Math.max(0, Math.min(to, (d?.total ?? 1) - 1)));
  };
  const next = async () => {
    // Recite mode records a question as read when moving on.
    if (mode === TrainMode.RECITE && qu.data && !qu.data.answered) {
      await trainApi.fill({ trainId: trainId as string, quId: qu.data.quId, answer: null });
      void detail.refetch();
    }
    await goTo(sort + 1);
  };
  const finish = () =>
    Modal.confirm({
      title: '提示',
      content: mock
        ? `确定要交卷吗？已答 ${d?.card.filter((c) => c.answered).length ?? 0} / ${d?.total} 题。`
        : '确定要结束本次训练吗？',
      onOk: async () => {
        await flush.current?.();
        const left = mock ? await journal.flush() : 0;
        if (left > 0) {
          message.error(`还有 ${left} 个答案未保存到服务器，请检查网络连接后再交卷`);
          return;
        }
        await call(trainFinish, { trainId: trainId as string });
        if (mock) journal.clear();
        void client.invalidateQueries({ queryKey: ['train-repos'] });
        navigate(resultUrl);
      },
    });
  const onFill = async (answer: TAnswerValue, childAnswers?: Record<string, TAnswerValue>) => {
    if (mock) {
      journal.record(qu.data?.quId as string, { answer, childAnswers });
      return null;
    }
    const res = await trainApi.fill({
      trainId: trainId as string,
      quId: qu.data?.quId as string,
      answer,
      childAnswers,
    });
    void detail.refetch();
    return res.feedback;
  };
  const onSelfMark = async (childId: string | null, right: boolean) => {
    const res = await call(trainSelfMark, {
      trainId: trainId as string,
      quId: qu.data?.quId as string,
      childId,
      right,
    });
    void detail.refetch();
    return res;
  };

  if (error) return <Result status="info" title={error} extra={<Button onClick={() => navigate(-1)}>返回</Button>} />;
  if (d?.state !== 0)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const last = sort >= d.total - 1;
  return (
    <div className="train-page">
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card
            title={d.repoTitle ? `${d.repoTitle} · ${TRAIN_MODE_LABELS[d.mode]}` : TRAIN_MODE_LABELS[d.mode]}
            data-testid="training-card"
          >
            {qu.data ? (
              <QuestionPane
                key={`${qu.data.quId}:${remount}`}
                qu={mock ? withUnsent(qu.data, journal.pendingOf(qu.data.quId)) : qu.data}
                mode={mode}
                finished={false}
                onFill={onFill}
                onSelfMark={onSelfMark}
                registerFlush={(f) => {
                  flush.current = f;
                }}
              />
            ) : qu.isError ? (
              <Empty description="题目加载失败" />
            ) : (
              <Skeleton active />
            )}
            <Space style={{ marginTop: 24 }}>
              <Button disabled={sort === 0} onClick={() => goTo(sort - 1)}>
                上一题
              </Button>
              {!last && (
                <Button
                  type={mode === TrainMode.RECITE || qu.data?.answered ? 'primary' : 'default'}
                  onClick={next}
                  data-testid="next-question"
                >
                  下一题
                </Button>
              )}
              {last && (
                <Button type="primary" onClick={finish} data-testid="finish-last">
                  {mock ? '交卷' : '完成训练'}
                </Button>
              )}
            </Space>
            {qu.data && (
              <div style={{ marginTop: 12 }}>
                <FavNoteButtons key={qu.data.quId} quId={qu.data.quId} size="middle" />
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card size="small" title="答题卡" style={{ marginBottom: 16 }}>
            {mock && (
              <div style={{ marginBottom: 12 }}>
                剩余时间：
                <span className="train-timer" data-testid="mock-timer">
                  {formatSeconds(remaining ?? 0)}
                </span>
              </div>
            )}
            <Row gutter={8} style={{ marginBottom: 12 }}>
              <Col span={8}>
                <Statistic title="已答" value={d.answered} suffix={`/ ${d.total}`} valueStyle={{ fontSize: 18 }} />
              </Col>
              {!mock && mode !== TrainMode.RECITE && (
                <>
                  <Col span={8}>
                    <Statistic title="答对" value={d.rightCount} valueStyle={{ fontSize: 18, color: '#52c41a' }} />
                  </Col>
                  <Col span={8}>
                    <Statistic title="正确率" value={d.accuracy} suffix="%" valueStyle={{ fontSize: 18 }} />
                  </Col>
                </>
              )}
            </Row>
            {mock && <MockSyncState pending={journal.pendingIds.size} failed={journal.failedIds.size} />}
            <AnswerCard
              card={d.card}
              current={sort}
              onPick={goTo}
              pending={mock ? journal.pendingIds : undefined}
              failed={mock ? journal.failedIds : undefined}
            />
            <Space style={{ marginTop: 16 }} wrap>
              <Button type="primary" danger={mock} onClick={finish} data-testid="finish-train">
                {mock ? '交卷' : '结束训练'}
              </Button>
              {mode !== TrainMode.REVIEW && !mock && (
                <Button
                  onClick={() =>
                    Modal.confirm({
                      title: '提示',
                      content: '确定要重新开始吗？当前进度将被清除。',
                      onOk: async () => {
                        await call(trainClear, { repoId, mode });
                        navigate(`/web/repo/view/${repoId}`, { replace: true });
                      },
                    })
                  }
                >
                  重新开始
                </Button>
              )}
            </Space>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** Seconds left until the deadline, corrected by the server's clock; null without a deadline. */
function useCountdown(deadline: string | null, serverTime: string | null): number | null {
  const offset = useRef(0);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (serverTime) offset.current = new Date(serverTime).getTime() - Date.now();
  }, [serverTime]);
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  return Math.max(0, Math.floor((new Date(deadline).getTime() - now - offset.current) / 1000));
}
