/**
 * 开始考试 (/web/exam/start/:id, :id = paper id): the exam room, full-screen outside the learner
 * layout. Answers are journalled and saved as they change; the countdown runs on the server's clock.
 */
import { ExpandOutlined, LeftOutlined, MobileOutlined, RightOutlined } from '@ant-design/icons';
import { FOCUS_MODE_REFUSED, paperPaperAbandon, paperPaperHand } from '@exam/contracts';
import { Alert, App, Button, Drawer, Empty, Modal, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import AnswerSheet from './AnswerSheet';
import PaperQuestion from './PaperQuestion';
import RoomHeader from './RoomHeader';
import { dueReminder, handInText, markShown, nextUnanswered, reminderText } from './room-guide';
import TakeoverModal from './TakeoverModal';
import { useAntiCheat } from './useAntiCheat';
import { useExamRoom } from './useExamRoom';
import { useInvigilation } from './useInvigilation';
import './room.css';
import { call } from '../../../../api/call';
import { useRoomExits } from '../../../../hooks/room-exits';
import { formatTime } from '../../../../utils/date-format';

/** 远程监考's camera and snapshots: loaded only when the paper is proctored with snapshots. */
const ProctorRoom = lazy(() => import('./ProctorRoom'));

const MODE_KEY = 'exam-room-mode';
/** Phones: the answer card becomes a drawer and the room shows one question at a time. */
const PHONE_QUERY = '(max-width: 600px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE_QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

export default function WebExamStart() {
  const { id: paperId = '' } = useParams();
  const navigate = useNavigate();
  const exits = useRoomExits();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'single' | 'all'>(() =>
    localStorage.getItem(MODE_KEY) === 'all' ? 'all' : 'single',
  );
  const [current, setCurrent] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const phone = usePhone();
  const doneRef = useRef(false);
  const reminded = useRef(new Set<number>());

  const toResult = useCallback(
    (note?: string) => {
      if (doneRef.current) return;
      doneRef.current = true;
      if (note) message.info(note);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      navigate(exits.result(paperId), { replace: true });
    },
    [navigate, paperId, message, exits],
  );

  const room = useExamRoom(paperId, (reason) => toResult(reason));
  const { paper, questions, pending, journal } = room;
  const open = paper?.state === 0;
  const anti = useAntiCheat(paper, open && !doneRef.current, () => {
    journal.current?.clear();
    toResult();
  });
  const proctored = open && (paper?.proctorMode ?? 0) >= 2;

  // 监考: presence, an extended deadline, the invigilator's messages, a forced hand-in or void.
  useInvigilation(open ? paperId : null, {
    onDeadline: room.setDeadline,
    onClosed: () => {
      journal.current?.clear();
      toResult('监考老师已收卷，考试结束');
    },
  });

  useEffect(() => {
    if (paper && paper.state !== 0) toResult();
  }, [paper, toResult]);
  useEffect(() => {
    if (!current && questions.length) setCurrent(questions[0].quId);
  }, [questions, current]);

  // Unsent answers: the browser asks before the page is left.
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if ((journal.current?.pendingCount() ?? 0) > 0 && !doneRef.current) {
        void journal.current?.flush();
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [journal]);

  const handIn = useCallback(
    async (auto: boolean) => {
      if (doneRef.current) return;
      setBusy(true);
      try {
        await journal.current?.flush();
        const left = journal.current?.pendingCount() ?? 0;
        if (left > 0 && !auto) {
          message.error(`还有 ${left} 个答案未保存到服务器，请检查网络连接后再交卷`);
          return;
        }
        await call(paperPaperHand, { paperId });
        journal.current?.clear();
        toResult(auto ? '考试时间到，已自动交卷' : '交卷成功');
      } catch {
        if (auto) toResult('考试时间已到');
      } finally {
        setBusy(false);
      }
    },
    [journal, paperId, message, toResult],
  );

  // At the deadline the page hands in (the server sweeps overdue papers anyway).
  // Reminders at 5 and 1 minute left, each once (a reload with 3 minutes left reminds once).
  const reminder = open ? dueReminder(room.remaining, reminded.current) : null;
  useEffect(() => {
    if (reminder === null) return;
    markShown(reminded.current, reminder);
    message.warning({ content: reminderText(reminder), duration: 8, className: 'room-reminder' });
  }, [reminder, message]);

  const deadlineHit = open && room.remaining <= 0;
  useEffect(() => {
    if (deadlineHit) void handIn(true);
  }, [deadlineHit, handIn]);

  const confirmHand = () =>
    modal.confirm({
      title: '确认交卷',
      content: (
        <span data-testid="hand-in-summary">
          {handInText(room.unanswered, questions.filter((q) => room.answers[q.quId]?.flagged).length, room.failed)}
        </span>
      ),
      okText: '确定交卷',
      cancelText: '继续答题',
      onOk: () => handIn(false),
    });
  const confirmAbandon = () =>
    modal.confirm({
      title: '放弃考试',
      content: '放弃后本次考试计为一次考试次数且不计成绩，确定要放弃吗？',
      okText: '确定放弃',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await call(paperPaperAbandon, { paperId });
        journal.current?.clear();
        toResult('已放弃本次考试');
      },
    });

  if (room.error)
    return (
      <div className="room-center">
        <Result
          status="warning"
          title={room.error}
          extra={<Button onClick={() => navigate(exits.home)}>返回考试列表</Button>}
        />
      </div>
    );
  if (!paper || !open)
    return (
      <div className="room-center">
        <Spin size="large" tip="正在加载试卷...">
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </div>
    );

  const early = dayjs(paper.earliestHandTime).valueOf() > room.serverNow;
  const handBlockedText = early ? `${formatTime(paper.earliestHandTime, 'HH:mm')} 之后才能交卷` : undefined;
  const index = Math.max(
    0,
    questions.findIndex((q) => q.quId === current),
  );
  const pick = (quId: string) => {
    setCurrent(quId);
    setSheetOpen(false);
    if (mode === 'all') document.getElementById(`qu-${quId}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const single = mode === 'single' || phone;
  const shown = single ? questions.slice(index, index + 1) : questions;
  const nextOpen = nextUnanswered(questions, index, room.answered);
  const sheet = (
    <AnswerSheet
      questions={questions}
      answers={room.answers}
      answered={room.answered}
      markOf={room.markOf}
      current={current}
      onPick={pick}
    />
  );

  return (
    <div className="room" data-testid="exam-room">
      <RoomHeader
        title={paper.title}
        remaining={room.remaining}
        pending={pending}
        failed={room.failed}
        mode={mode}
        onMode={(m) => {
          setMode(m);
          localStorage.setItem(MODE_KEY, m);
        }}
        leaveText={anti.leaveLimit > 0 ? `切屏 ${anti.leaveCount}/${anti.leaveLimit}` : undefined}
        handBlockedText={handBlockedText}
        phone={phone}
        progress={`${questions.length - room.unanswered}/${questions.length}`}
        onSheet={() => setSheetOpen(true)}
        busy={busy}
        onHand={confirmHand}
        onAbandon={confirmAbandon}
      />
      {room.elsewhere && (
        <Alert
          className="room-elsewhere"
          type="warning"
          showIcon
          closable
          data-testid="elsewhere-warning"
          message="本试卷此前已在其他窗口或设备上打开，现已切换到此窗口作答；其他窗口的答案将不再保存。"
        />
      )}
      {anti.focusMode && (
        <Alert
          className="room-elsewhere"
          type="info"
          showIcon
          icon={<MobileOutlined />}
          data-testid="focus-mode"
          title="专注模式：此设备不支持全屏，离开考试页面（切换应用、锁屏、切换标签页）仍会被记录"
        />
      )}
      {proctored && (
        <Suspense fallback={null}>
          <ProctorRoom paperId={paperId} mode={paper.proctorMode} leaves={anti.leaves} phone={phone} />
        </Suspense>
      )}
      <div className="room-body">
        {phone ? (
          <Drawer
            placement="bottom"
            size="70%"
            title="答题卡"
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            className="room-sheet-drawer"
          >
            {sheet}
          </Drawer>
        ) : (
          sheet
        )}
        <main className="room-main">
          {questions.length === 0 && <Empty description="试卷中没有题目" />}
          {shown.map((q, i) => (
            <div key={q.quId}>
              {(single || i === 0 || shown[i - 1].sectionTitle !== q.sectionTitle) && (
                <div className="room-section-title">{q.sectionTitle}</div>
              )}
              <PaperQuestion q={q} answers={room.answers} onChange={room.change} />
            </div>
          ))}
          {questions.length > 0 && nextOpen >= 0 && nextOpen !== index && (
            <Button
              className="room-next-open"
              data-testid="next-unanswered"
              onClick={() => pick(questions[nextOpen].quId)}
            >
              下一道未答题（第 {nextOpen + 1} 题）
            </Button>
          )}
          {single && questions.length > 0 && (
            <div className="room-nav">
              <Button
                icon={<LeftOutlined />}
                disabled={index === 0}
                onClick={() => setCurrent(questions[index - 1].quId)}
              >
                上一题
              </Button>
              <span>
                第 {index + 1} / {questions.length} 题
              </span>
              {index < questions.length - 1 ? (
                <Button
                  type="primary"
                  onClick={() => setCurrent(questions[index + 1].quId)}
                  data-testid="next-question"
                >
                  下一题 <RightOutlined />
                </Button>
              ) : (
                <Button type="primary" onClick={confirmHand} disabled={early}>
                  交卷
                </Button>
              )}
            </div>
          )}
        </main>
      </div>
      <TakeoverModal
        open={room.blocked}
        pending={pending}
        onTakeOver={room.takeOver}
        onLeave={() => navigate(exits.home)}
      />
      <Modal open={anti.needFull} closable={false} footer={null} centered maskClosable={false} keyboard={false}>
        {anti.focusRefused ? (
          // The exam refuses focus mode: this device cannot sit it (the paper stays open for another).
          <Result
            icon={<MobileOutlined style={{ color: '#faad14' }} />}
            title="you browser can not work"
            subTitle={<span data-testid="focus-refused">{FOCUS_MODE_REFUSED}</span>}
            extra={<Button onClick={() => navigate(exits.home)}>返回考试列表</Button>}
          />
        ) : anti.fullUnsupported ? (
          <Result
            icon={<MobileOutlined style={{ color: '#1677ff' }} />}
            title="you browser can not work"
            subTitle="当前浏览器不支持全屏（如 iPhone Safari、微信内置浏览器）。可在专注模式下继续作答，离开考试页面仍会被记录。"
            extra={
              <Button type="primary" onClick={anti.enterFocus} data-testid="enter-focus">
                以专注模式继续
              </Button>
            }
          />
        ) : (
          <Result
            icon={<ExpandOutlined style={{ color: '#1677ff' }} />}
            title="本场考试要求全屏作答"
            subTitle="退出全屏将被记录为离开考试页面"
            extra={
              <Button type="primary" onClick={anti.enterFull}>
                进入全屏
              </Button>
            }
          />
        )}
      </Modal>
    </div>
  );
}
