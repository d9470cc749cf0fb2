/** 阅卷 (/admin/exam/mark/detail/:paperId): mark every subjective question of one paper, then submit. */
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { PAPER_STATE_LABELS, paperMarkDetail, paperMarkSave } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import MarkItem, { type MarkInput } from './MarkItem';
import './mark.css';
import { call } from '../../../../../api/call';

export default function ExamMarkDetail() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const [inputs, setInputs] = useState<Record<string, MarkInput>>({});
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: ['mark-detail', paperId],
    queryFn: () => call(paperMarkDetail, { paperId }),
    gcTime: 0,
  });
  const d = query.data;
  const toMark = (d?.questions ?? []).filter((q) => q.needMark || q.markState === 2 || q.markState === 3);

  useEffect(() => {
    if (!d) return;
    const init: Record<string, MarkInput> = {};
    // the suggestion is shown beside an empty score, never pre-filled: the marker reads, then scores or takes it
    for (const q of d.questions)
      init[q.quId] = {
        score: q.markState === 3 ? q.actualScore : null,
        comment: q.markComment ?? '',
        tookSuggestion: q.suggestTaken === true,
      };
    setInputs(init);
  }, [d]);

  const submit = async () => {
    const missing = toMark.filter((q) => inputs[q.quId]?.score === null || inputs[q.quId]?.score === undefined);
    if (missing.length) {
      message.error(`还有 ${missing.length} 道题未给分`);
      return;
    }
    setSaving(true);
    try {
      const r = await call(paperMarkSave, {
        paperId,
        items: toMark.map((q) => ({
          quId: q.quId,
          score: inputs[q.quId].score as number,
          comment: inputs[q.quId].comment || null,
          tookSuggestion: inputs[q.quId].tookSuggestion,
        })),
      });
      void qc.invalidateQueries({ queryKey: ['exam-mark'] });
      modal.success({
        title: '阅卷完成',
        content: `该试卷总得分 ${r.userScore} 分${r.pendingCount ? `，还有 ${r.pendingCount} 题待评分` : ''}。`,
        okText: '返回阅卷中心',
        onOk: () => navigate('/admin/exam/mark'),
      });
    } finally {
      setSaving(false);
    }
  };

  if (query.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (!d) return <Empty description="试卷不存在" />;
  const subj = toMark.reduce((s, q) => s + (inputs[q.quId]?.score ?? 0), 0);
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exam/mark')} />
          阅卷：{d.title}
        </Space>
      }
      extra={
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={saving}
          onClick={submit}
          disabled={!toMark.length || d.doubleMark}
          data-testid="mark-submit"
        >
          提交评分
        </Button>
      }
    >
      <Descriptions size="small" column={5} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="考生">{d.realName || '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={d.state === 1 ? 'warning' : 'success'}>{PAPER_STATE_LABELS[d.state]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="客观题得分">{d.objScore}</Descriptions.Item>
        <Descriptions.Item label="主观题（本次）">{Math.round(subj * 100) / 100}</Descriptions.Item>
        <Descriptions.Item label="预计总分">
          {Math.round((d.objScore + subj) * 100) / 100} / {d.totalScore}（及格 {d.passScore}）
        </Descriptions.Item>
      </Descriptions>
      {d.doubleMark && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="该考试要求双评，请在按题阅卷中评分"
          data-testid="mark-double"
        />
      )}
      {!d.doubleMark && d.state !== 1 && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="该试卷已阅卷完成，再次提交将更新评分" />
      )}
      {toMark.length === 0 ? (
        <Empty description="没有需要人工评分的题目" />
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {toMark.map((q, i) => (
            <MarkItem
              key={q.quId}
              q={q}
              no={i + 1}
              paperId={paperId}
              value={inputs[q.quId] ?? { score: null, comment: '', tookSuggestion: false }}
              onChange={(v) => setInputs((s) => ({ ...s, [q.quId]: v }))}
            />
          ))}
        </Space>
      )}
    </Card>
  );
}
