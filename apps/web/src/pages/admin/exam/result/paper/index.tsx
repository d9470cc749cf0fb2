/** 答卷详情 (/admin/exam/result/paper/:paperId): one attempt in full, with voiding (reason required). */
import { ArrowLeftOutlined, StopOutlined } from '@ant-design/icons';
import { EXAM_RESULT_LABELS, examResultPaperDetail, examResultVoid, PAPER_STATE_LABELS } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Input, Modal, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermission } from '../../../../../components';
import { formatDateTime } from '../../../../../utils/time';
import { usedText } from '../../../../web/exam/format';
import ReviewList from '../../../../web/exam/result/ReviewList';
import { PrintAnsweredButton } from '../../report/PrintButtons';
import '../../../../web/exam/exam.css';
import '../../../../web/exam/start/room.css';
import { call } from '../../../../../api/call';

export default function ExamResultPaper() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const canVoid = usePermission('exam:result:void');
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const query = useQuery({
    queryKey: ['result-paper', paperId],
    queryFn: () => call(examResultPaperDetail, { paperId }),
    gcTime: 0,
  });
  const r = query.data;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (!r) return <Empty description="答卷不存在" />;

  const doVoid = async () => {
    if (!reason.trim()) {
      message.error('请输入作废原因');
      return;
    }
    await call(examResultVoid, { paperId, reason: reason.trim() });
    message.success('答卷已作废');
    setVoiding(false);
    void query.refetch();
    void qc.invalidateQueries({ queryKey: ['result-papers'] });
    void qc.invalidateQueries({ queryKey: ['result-stat'] });
  };

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} />
          答卷详情：{r.title}
        </Space>
      }
      extra={
        <Space>
          <PrintAnsweredButton paperId={paperId} state={r.state} fileName={`${r.title}-答卷.pdf`} />
          {canVoid && !r.voided && r.state !== 0 && (
            <Button danger icon={<StopOutlined />} onClick={() => setVoiding(true)}>
              作废答卷
            </Button>
          )}
        </Space>
      }
    >
      {r.voided && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="该答卷已作废"
          description={r.voidReason ? `作废原因：${r.voidReason}` : undefined}
        />
      )}
      <Descriptions bordered size="small" column={4} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="状态">
          <Tag>{r.stateLabel || PAPER_STATE_LABELS[r.state]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="得分">
          {r.userScore ?? '-'} / {r.totalScore}
        </Descriptions.Item>
        <Descriptions.Item label="考试结果">
          {r.passed === null ? (
            '-'
          ) : (
            <Tag color={r.passed ? 'success' : 'error'}>{EXAM_RESULT_LABELS[r.passed ? 1 : 0]}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="及格分">{r.passScore}</Descriptions.Item>
        <Descriptions.Item label="客观题">{r.objScore ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="主观题">{r.subjScore ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{formatDateTime(r.startTime)}</Descriptions.Item>
        <Descriptions.Item label="用时">{usedText(r.usedSeconds)}</Descriptions.Item>
      </Descriptions>
      <div style={{ background: '#f5f7fa', padding: 12, borderRadius: 8 }}>
        {r.questions?.length ? <ReviewList questions={r.questions} /> : <Empty description="无题目" />}
      </div>
      <Modal
        open={voiding}
        title="作废答卷"
        okText="确定作废"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onCancel={() => setVoiding(false)}
        onOk={doVoid}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="作废后该答卷不计入成绩统计，考生可见作废原因。"
        />
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder="请输入作废原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  );
}
