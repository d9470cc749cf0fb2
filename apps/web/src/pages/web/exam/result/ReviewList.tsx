/** The review after hand-in: each question with my answer, the right answer, score and comment. */
import { QUESTION_TYPE_LABELS, type TReviewQu, trainFavStateList } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { call } from '../../../../api/call';
import { type AnswerValue, QuestionAnswer } from '../../../../components/answer';
import ExplainButton from '../../../../components/assistant/ExplainButton';
import FavNoteButtons from '../../../../components/fav/FavNoteButtons';
import { isComposite } from '../../../../components/question/kinds/registry';
import { reviewReveal, toQuView } from '../adapt';

function ScoreTag({ q }: { q: TReviewQu }) {
  if (isComposite(q.type)) return null;
  if (q.markState === 2) return <Tag color="processing">待阅卷</Tag>;
  const full = q.actualScore >= q.score;
  return (
    <Tag color={full ? 'success' : q.actualScore > 0 ? 'warning' : 'error'}>
      得分 {q.actualScore} / {q.score}
    </Tag>
  );
}

/**
 * `preview`: a paper preview (no answers, no scores). `favourites`: the learner's own review, with
 * the star and note of each question (not on an administrator's view of someone's paper).
 */
export default function ReviewList({
  questions,
  preview,
  favourites,
  paperId,
}: {
  questions: TReviewQu[];
  preview?: boolean;
  favourites?: boolean;
  /** The learner's own handed-in paper: 讲解这道题 on each question. */
  paperId?: string;
}) {
  const tops = questions.filter((q) => !q.parentQuId).sort((a, b) => a.sort - b.sort);
  // The favourite and note of every question in one call, not one per question.
  const ids = tops.map((q) => q.quId);
  const favs = useQuery({
    queryKey: ['fav-states', ids],
    queryFn: () => call(trainFavStateList, { quIds: ids }),
    enabled: Boolean(favourites) && !preview && ids.length > 0,
    retry: false,
  });
  const favOf = new Map((favs.data ?? []).map((s) => [s.quId, s]));
  let section = '';
  return (
    <div className="review-list" data-testid="review-list">
      {tops.map((q, i) => {
        const head = q.sectionTitle !== section;
        section = q.sectionTitle;
        const children = questions.filter((c) => c.parentQuId === q.quId).sort((a, b) => a.sort - b.sort);
        return (
          <div key={q.quId}>
            {head && <div className="room-section-title">{q.sectionTitle}</div>}
            <div className="room-q" data-testid={`review-${i + 1}`}>
              <div className="room-q__head">
                <span className="room-q__no">{i + 1}</span>
                <Tag color="blue">{QUESTION_TYPE_LABELS[q.type]}</Tag>
                <span className="room-q__score">{q.score} 分</span>
                <span style={{ flex: 1 }} />
                {!preview && <ScoreTag q={q} />}
              </div>
              {paperId && !preview && (
                <div style={{ margin: '4px 0 8px' }}>
                  <ExplainButton quId={q.quId} paperId={paperId} />
                </div>
              )}
              {favOf.has(q.quId) && (
                <div style={{ margin: '4px 0 8px' }}>
                  <FavNoteButtons quId={q.quId} initial={favOf.get(q.quId)} />
                </div>
              )}
              <Item q={q} preview={preview} />
              {children.map((c, j) => (
                <div className="room-child" key={c.quId}>
                  <div className="room-child__head">
                    （{j + 1}）<Tag bordered={false}>{QUESTION_TYPE_LABELS[c.type]}</Tag>
                    {!preview && <ScoreTag q={c} />}
                  </div>
                  <Item q={c} preview={preview} />
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function Item({ q, preview }: { q: TReviewQu; preview?: boolean }) {
  return (
    <>
      <QuestionAnswer
        question={toQuView(q)}
        value={(q.myAnswer ?? null) as AnswerValue}
        disabled
        reveal={isComposite(q.type) ? undefined : reviewReveal(q)}
      />
      {!preview && !isComposite(q.type) && q.myAnswer === null && (
        <Typography.Text type="warning">未作答</Typography.Text>
      )}
      {q.markComment && (
        <div className="review-comment">
          <b>阅卷评语：</b>
          {q.markComment}
        </div>
      )}
    </>
  );
}
