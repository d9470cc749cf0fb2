/** One candidate unmasked (the server logs the view), opened from the list. */
import { CANDIDATE_STATUS_LABELS, candidateRosterDetail } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { call } from '../../../../api/call';
import { formatDateTime } from '../../../../utils/time';

export default function CandidateDetail({
  examId,
  id,
  onClose,
}: {
  examId: string;
  id: string | null;
  onClose: () => void;
}) {
  const q = useQuery({
    queryKey: ['candidate-detail', examId, id],
    queryFn: () => call(candidateRosterDetail, { examId, id: id as string }),
    enabled: Boolean(id),
    gcTime: 0,
    staleTime: 0,
  });
  const d = q.data;
  return (
    <Modal open={Boolean(id)} title="考生信息" footer={null} onCancel={onClose} width={560} destroyOnHidden>
      {q.isLoading || !d ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary">个人信息仅用于本场考试，查看记录已写入操作日志。</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="姓名">{d.name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{d.mobile ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{d.idNumber ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="单位">{d.company ?? '-'}</Descriptions.Item>
            {d.custom.map((f) => (
              <Descriptions.Item key={f.label} label={f.label}>
                {f.value}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="状态">{CANDIDATE_STATUS_LABELS[d.status]}</Descriptions.Item>
            <Descriptions.Item label="得分">{d.score ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="登记时间">{formatDateTime(d.registeredAt)}</Descriptions.Item>
            <Descriptions.Item label="同意告知时间">{formatDateTime(d.consentAt)}</Descriptions.Item>
            <Descriptions.Item label="登记地址">{d.ip ?? '-'}</Descriptions.Item>
            {d.erased && <Descriptions.Item label="说明">个人信息已按保留期限删除</Descriptions.Item>}
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
