/** Preview of a paper (saved by id, or the unsaved form): every question with its answer; a rule paper shows one sample draw. */
import type { TTmplSave } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Tag } from 'antd';
import ReviewList from '../../../web/exam/result/ReviewList';
import '../../../web/exam/exam.css';
import '../../../web/exam/start/room.css';
import { paperTmplPreview } from '@exam/contracts';
import { call } from '../../../../api/call';

interface Props {
  open: boolean;
  onClose: () => void;
  id?: string;
  tmpl?: TTmplSave;
}

export default function PreviewModal({ open, onClose, id, tmpl }: Props) {
  const query = useQuery({
    queryKey: ['tmpl-preview', id, tmpl],
    queryFn: () => call(paperTmplPreview, id ? { id } : { tmpl }),
    enabled: open,
    gcTime: 0,
    retry: false,
  });
  const d = query.data;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
      title={
        <span>
          试卷预览{d ? `：${d.title}` : ''} {d && <Tag color="blue">总分 {d.totalScore}</Tag>}
          {d && <Tag>共 {d.questions.filter((q) => !q.parentQuId).length} 题</Tag>}
        </span>
      }
      styles={{ body: { maxHeight: '70vh', overflow: 'auto', background: '#f5f7fa', padding: 12 } }}
    >
      {tmpl?.kind === 2 ? (
        <Alert
          type="info"
          showIcon
          message="随机组卷每次考试重新抽题，以下为一次抽题示例"
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {query.isLoading ? (
        <Spin style={{ display: 'block', margin: 40 }} />
      ) : query.isError ? (
        <Alert type="error" showIcon message={(query.error as Error).message} />
      ) : d?.questions.length ? (
        <ReviewList preview questions={d.questions.map((q) => ({ ...q, isRight: null }))} />
      ) : (
        <Empty description="试卷中没有题目" />
      )}
    </Modal>
  );
}
