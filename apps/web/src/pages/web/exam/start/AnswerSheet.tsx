/**
 * The answer card: one button per question, answered / unanswered / flagged, grouped by section,
 * and whether the server holds what is shown (未保存 / 已被其他窗口修改 marks; see save-marks.ts).
 */
import { FlagFilled } from '@ant-design/icons';
import { SAVE_MARK_LABELS, type SaveMark } from './save-marks';
import type { AnswerState, RoomQuestion } from './useExamRoom';

interface Props {
  questions: RoomQuestion[];
  answers: Record<string, AnswerState>;
  answered: (q: RoomQuestion) => boolean;
  markOf: (q: RoomQuestion) => SaveMark;
  current: string | null;
  onPick: (quId: string) => void;
}

export default function AnswerSheet({ questions, answers, answered, markOf, current, onPick }: Props) {
  const sections: { title: string; items: RoomQuestion[] }[] = [];
  for (const q of questions) {
    const last = sections.at(-1);
    if (last && last.title === q.sectionTitle) last.items.push(q);
    else sections.push({ title: q.sectionTitle, items: [q] });
  }
  const done = questions.filter(answered).length;
  const flagged = questions.filter((q) => answers[q.quId]?.flagged).length;
  return (
    <div className="room-sheet" data-testid="answer-sheet">
      <div className="room-sheet__head">
        <b>答题卡</b>
        <span>
          已答 <em>{done}</em> / {questions.length}
        </span>
      </div>
      <div className="room-sheet__legend">
        <span>
          <i className="room-dot room-dot--done" />
          已答
        </span>
        <span>
          <i className="room-dot" />
          未答
        </span>
        <span>
          <i className="room-dot room-dot--flag" />
          标记 {flagged}
        </span>
        <span>
          <i className="room-dot room-dot--unsaved" />
          未保存
        </span>
        <span>
          <i className="room-dot room-dot--conflict" />
          已被其他窗口修改
        </span>
      </div>
      {sections.map((s, si) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are positional
        <div key={si} className="room-sheet__section">
          <div className="room-sheet__title">{s.title}</div>
          <div className="room-sheet__grid">
            {s.items.map((q) => {
              const mark = markOf(q);
              const cls = [
                'room-no',
                answered(q) && 'room-no--done',
                answers[q.quId]?.flagged && 'room-no--flag',
                current === q.quId && 'room-no--current',
                mark !== 'saved' && `room-no--${mark === 'conflict' || mark === 'stale' ? mark : 'unsaved'}`,
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <button
                  type="button"
                  key={q.quId}
                  className={cls}
                  data-testid={`sheet-${q.no}`}
                  data-state={answered(q) ? 'done' : 'open'}
                  data-save={mark}
                  title={mark === 'saved' ? undefined : SAVE_MARK_LABELS[mark]}
                  onClick={() => onPick(q.quId)}
                >
                  {q.no}
                  {answers[q.quId]?.flagged && <FlagFilled className="room-no__flag" />}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
