/** 按题阅卷: pick an exam and a manually marked question, mark it across all papers (blind); second-marking setting. */
import { HighlightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PageContainer, usePermission } from '../../../../components';
import '../mark/detail/mark.css';
import { paperMarkQuQuestionList, paperMarkQuSettingDetail, paperMarkQuSettingSave } from '@exam/contracts';
import { call } from '../../../../api/call';
import ExamPicker from '../regrade/ExamPicker';
import MarkQuBoard from './MarkQuBoard';

const plain = (html: string) => html.replace(/<[^>]*>/g, '');

function SettingCard({ examId }: { examId: string }) {
  const { message } = App.useApp();
  const canSet = usePermission('exam:mark:setting');
  const q = useQuery({
    queryKey: ['mark-qu-setting', examId],
    queryFn: () => call(paperMarkQuSettingDetail, { examId }),
  });
  const [doubleMark, setDoubleMark] = useState(false);
  const [gap, setGap] = useState<number | null>(0);
  useEffect(() => {
    if (q.data) {
      setDoubleMark(q.data.doubleMark);
      setGap(q.data.gap);
    }
  }, [q.data]);
  const save = async () => {
    await call(paperMarkQuSettingSave, { examId, doubleMark, gap: gap ?? 0 });
    message.success('双评设置已保存');
    void q.refetch();
  };
  return (
    <Card size="small" title="双评设置">
      <Space wrap align="center">
        <span>双评</span>
        <Switch checked={doubleMark} onChange={setDoubleMark} disabled={!canSet} aria-label="双评" />
        <span>分差阈值</span>
        <InputNumber
          min={0}
          step={0.5}
          value={gap}
          onChange={setGap}
          disabled={!canSet || !doubleMark}
          aria-label="分差阈值"
        />
        <span>分</span>
        {canSet && (
          <Button size="small" type="primary" onClick={save}>
            保存
          </Button>
        )}
        <Typography.Text type="secondary">
          开启后每份答案由两位阅卷人评分，相差不超过阈值取平均分，超过则交第三人仲裁。
        </Typography.Text>
      </Space>
    </Card>
  );
}

export default function ExamMarkQuPage() {
  const canArbitrate = usePermission('exam:mark:arbitrate');
  const canMark = usePermission('exam:mark:save');
  const [examId, setExamId] = useState<string>();
  const [open, setOpen] = useState<{ quId: string; arbitrate: boolean } | null>(null);
  const questions = useQuery({
    queryKey: ['mark-qu-questions', examId],
    queryFn: () => call(paperMarkQuQuestionList, { examId: examId as string }),
    enabled: Boolean(examId) && !open,
  });
  return (
    <PageContainer
      title="按题阅卷"
      search={
        !open && (
          <ExamPicker
            value={examId}
            onChange={(id) => {
              setExamId(id);
              setOpen(null);
            }}
          />
        )
      }
    >
      {!examId ? (
        <Alert type="info" showIcon message="请选择考试：按题阅卷时一道题连续评完所有答卷，考生姓名隐藏。" />
      ) : open ? (
        <MarkQuBoard examId={examId} quId={open.quId} arbitrate={open.arbitrate} onBack={() => setOpen(null)} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <SettingCard examId={examId} />
          <Table
            size="small"
            rowKey="quId"
            loading={questions.isLoading}
            dataSource={questions.data ?? []}
            pagination={false}
            locale={{ emptyText: '该考试没有需人工评分的答案' }}
            columns={[
              { title: '题号', dataIndex: 'sort', width: 70, align: 'center' },
              { title: '题干', dataIndex: 'content', ellipsis: true, render: (v: string) => plain(v) },
              { title: '满分', dataIndex: 'score', width: 70, align: 'center' },
              { title: '答案数', dataIndex: 'answers', width: 80, align: 'center' },
              {
                title: '待我评分',
                dataIndex: 'waiting',
                width: 90,
                align: 'center',
                render: (v: number) => <Tag color={v ? 'orange' : 'default'}>{v}</Tag>,
              },
              {
                title: '待仲裁',
                dataIndex: 'arbitration',
                width: 80,
                align: 'center',
                render: (v: number) => <Tag color={v ? 'red' : 'default'}>{v}</Tag>,
              },
              { title: '已定分', dataIndex: 'done', width: 80, align: 'center' },
              {
                title: '操作',
                width: 170,
                render: (_, q) => (
                  <Space size={0}>
                    {canMark && (
                      <Button
                        type="link"
                        size="small"
                        icon={<HighlightOutlined />}
                        onClick={() => setOpen({ quId: q.quId, arbitrate: false })}
                      >
                        开始阅卷
                      </Button>
                    )}
                    {canArbitrate && q.arbitration > 0 && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => setOpen({ quId: q.quId, arbitrate: true })}
                      >
                        仲裁
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      )}
    </PageContainer>
  );
}
