/** One question marked across all papers in a row (blind), or its arbitration list. */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { markQuApi } from '../../../../api/marking';
import RichHtml from '../../../../components/question/RichHtml';
import AnswerCard from './AnswerCard';

export default function MarkQuBoard({
  examId,
  quId,
  arbitrate,
  onBack,
}: {
  examId: string;
  quId: string;
  arbitrate: boolean;
  onBack: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const key = ['mark-qu-board', examId, quId, arbitrate];
  const q = useQuery({ queryKey: key, queryFn: () => markQuApi.board(examId, quId, arbitrate), gcTime: 0 });
  const b = q.data;
  const save = async (paperId: string, score: number, tookSuggestion: boolean) => {
    const r = await markQuApi.save({ examId, quId, paperId, score, tookSuggestion }, arbitrate);
    if (r.outcome === 'final') message.success(`已评分，最终得分 ${r.finalScore} 分`);
    else if (r.outcome === 'waiting') message.info('已记录，等待第二位阅卷人评分');
    else message.warning(`两位阅卷人评分相差超过 ${b?.gap} 分，已转入仲裁`);
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: ['mark-qu-questions', examId] });
  };
  if (q.isLoading) return <Spin style={{ display: 'block', margin: 60 }} />;
  if (!b) return <Empty description="题目不存在" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回题目列表
        </Button>
        <Tag color={arbitrate ? 'orange' : 'blue'}>{arbitrate ? '仲裁' : '按题阅卷'}</Tag>
        <Typography.Text type="secondary">姓名已隐藏，考生以编号显示</Typography.Text>
      </Space>
      <Alert
        type={b.doubleMark ? 'warning' : 'info'}
        showIcon
        data-testid="double-mark-rule"
        message={
          b.doubleMark
            ? `本考试已开启双评：每份答案由两位阅卷人分别评分，两人评分相差不超过 ${b.gap} 分时取平均分为最终得分；相差超过 ${b.gap} 分时转入仲裁，由第三位阅卷人定分。`
            : '本考试未开启双评：您的评分即为最终得分。'
        }
      />
      <Card size="small" title={`题目（满分 ${b.fullScore} 分）`}>
        <RichHtml html={b.content} className="qa-stem" />
        <div className="mark-box mark-box--ref" style={{ marginTop: 8 }}>
          <div className="mark-box__title">参考答案</div>
          <RichHtml html={b.reference || '（无参考答案）'} />
          {b.keywords.length > 0 && (
            <div style={{ marginTop: 8 }}>
              关键词（权重）：
              {b.keywords.map((k) => (
                <Tag key={k.word}>
                  {k.word}（{k.weight}）
                </Tag>
              ))}
            </div>
          )}
        </div>
      </Card>
      {b.items.length === 0 ? (
        <Empty description={arbitrate ? '没有待仲裁的答案' : '该题没有待您评分的答案'} />
      ) : (
        b.items.map((item) => (
          <AnswerCard
            key={item.paperId}
            item={item}
            board={b}
            arbitrate={arbitrate}
            onSave={(s, took) => save(item.paperId, s, took)}
          />
        ))
      )}
    </Space>
  );
}
