/** 试题详情 (learner): the question; answer and analysis only where the learner may see them. */

import { repoQuView } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton, Space, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../../api/call';
import FavNoteButtons from '../../../../components/fav/FavNoteButtons';
import { QuestionPreview } from '../../../../components/question';

export default function WebQuView() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const view = useQuery({
    queryKey: ['qu-view', id],
    queryFn: () => call(repoQuView, { id }),
    enabled: Boolean(id),
    retry: false,
  });

  if (view.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (!view.data)
    return (
      <Result
        status="404"
        title="试题不存在"
        subTitle="试题不存在或已被删除"
        extra={<Button onClick={() => navigate(-1)}>返回</Button>}
      />
    );
  const { question, answerVisible } = view.data;
  return (
    <div style={{ maxWidth: 960, margin: '16px auto', padding: '0 16px' }}>
      <Card
        title="试题详情"
        extra={
          <Space>
            {answerVisible && (
              <>
                <span id="toggle-answer-label">显示答案与解析</span>
                <Switch
                  checked={show}
                  onChange={setShow}
                  data-testid="toggle-answer"
                  aria-labelledby="toggle-answer-label"
                />
              </>
            )}
            <Button onClick={() => navigate(-1)}>返回</Button>
          </Space>
        }
      >
        {!answerVisible && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="该试题的答案与解析将在考试结束并公布成绩后，或在允许练习的题库中提供。"
          />
        )}
        <div className="qu-preview">
          <QuestionPreview question={question} showAnswer={answerVisible && show} />
        </div>
        <div style={{ marginTop: 16 }}>
          <FavNoteButtons quId={question.id} size="middle" />
        </div>
      </Card>
    </div>
  );
}
