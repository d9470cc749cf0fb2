/** One question of the paper in the exam room: number, type, score, flag, the answer input; composites with their children. */
import { FlagFilled, FlagOutlined } from '@ant-design/icons';
import { QUESTION_TYPE_LABELS, type TPaperQuView } from '@exam/contracts';
import { Button, Tag } from 'antd';
import { type AnswerValue, QuestionAnswer } from '../../../../components/answer';
import { isComposite } from '../../../../components/question/kinds/registry';
import RichHtml from '../../../../components/question/RichHtml';
import { toQuView } from '../adapt';
import type { AnswerState, RoomQuestion } from './useExamRoom';

interface Props {
  q: RoomQuestion;
  answers: Record<string, AnswerState>;
  onChange: (quId: string, patch: Partial<AnswerState>) => void;
  disabled?: boolean;
}

function Child({ c, i, props }: { c: TPaperQuView; i: number; props: Props }) {
  return (
    <div className="room-child" data-testid={`child-${c.quId}`} data-type={c.type}>
      <div className="room-child__head">
        （{i + 1}）<Tag bordered={false}>{QUESTION_TYPE_LABELS[c.type]}</Tag>
        <span className="room-q__score">{c.score} 分</span>
      </div>
      <QuestionAnswer
        question={toQuView(c)}
        value={props.answers[c.quId]?.answer}
        onChange={(v: AnswerValue) => props.onChange(c.quId, { answer: v })}
        disabled={props.disabled}
      />
    </div>
  );
}

export default function PaperQuestion(props: Props) {
  const { q, answers, onChange, disabled } = props;
  const flagged = answers[q.quId]?.flagged ?? false;
  return (
    <div className="room-q" id={`qu-${q.quId}`} data-testid={`question-${q.no}`} data-type={q.type}>
      <div className="room-q__head">
        <span className="room-q__no">{q.no}</span>
        <Tag color="blue">{QUESTION_TYPE_LABELS[q.type]}</Tag>
        <span className="room-q__score">{q.score} 分</span>
        <span style={{ flex: 1 }} />
        {!isComposite(q.type) && (
          <Button
            size="small"
            type={flagged ? 'primary' : 'default'}
            danger={flagged}
            icon={flagged ? <FlagFilled /> : <FlagOutlined />}
            onClick={() => onChange(q.quId, { flagged: !flagged })}
            disabled={disabled}
            data-testid="flag"
          >
            {flagged ? '取消标记' : '标记'}
          </Button>
        )}
      </div>
      {isComposite(q.type) ? (
        <>
          <RichHtml html={q.content} className="qa-stem" />
          {q.children.map((c, i) => (
            <Child key={c.quId} c={c} i={i} props={props} />
          ))}
        </>
      ) : (
        <QuestionAnswer
          question={toQuView(q)}
          value={answers[q.quId]?.answer}
          onChange={(v) => onChange(q.quId, { answer: v })}
          disabled={disabled}
        />
      )}
    </div>
  );
}
