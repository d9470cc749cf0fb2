/**
 * 考生名单 (/admin/exam/exam/candidates/:examId): the people who registered through the exam's
 * candidate link, with their fields (mobile and ID number masked), status, score, time and flags;
 * filters, the xlsx export, bulk interview marks and results by SMS (a report per candidate), one
 * candidate unmasked (logged) and 转为学员. The server refuses an administrator who may not see
 * the exam's candidates; the page then shows that message.
 */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  CANDIDATE_STATUS_LABELS,
  candidateRosterExport,
  candidateRosterInterview,
  candidateRosterPaging,
  candidateRosterSmsResult,
  examExamDetail,
  type TCandidateRow,
  type TCandidateSmsReport,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, InputNumber, Modal, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call, callDownload } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { formatDateTime } from '../../../../utils/time';
import { attempt } from '../../sys/shared';
import CandidateDetail from './CandidateDetail';
import ConvertModal from './ConvertModal';
import LinkPictures from './LinkPictures';
import SmsReport from './SmsReport';

type Params = {
  status?: number;
  scoreMin?: number;
  scoreMax?: number;
  interview?: boolean;
  keyword?: string;
};
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'orange', 3: 'green' };
const minutes = (s: number | null) => (s == null ? '-' : `${Math.max(1, Math.round(s / 60))}分钟`);

/** A cell's main value with a secondary one in grey beneath it (left out when empty). */
function TwoLines({ main, sub }: { main: string; sub?: string | null }) {
  return (
    <div>
      <div>{main}</div>
      {sub ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </Typography.Text>
      ) : null}
    </div>
  );
}

export default function ExamCandidatesPage() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canExport = usePermission('exam:candidate:export');
  const canManage = usePermission('exam:candidate:manage');
  const canConvert = usePermission('exam:candidate:convert');
  const [viewing, setViewing] = useState<string | null>(null);
  const [converting, setConverting] = useState<TCandidateRow | null>(null);
  const [report, setReport] = useState<TCandidateSmsReport | null>(null);
  const [scoreRange, setScoreRange] = useState<{ min?: number; max?: number }>({});
  const exam = useQuery({ queryKey: ['exam-detail', examId], queryFn: () => call(examExamDetail, { id: examId }) });
  const title = exam.data?.title ?? '考试';
  const table = useServerTable<TCandidateRow, Params>(
    ['candidate-roster', examId],
    (req) => call(candidateRosterPaging, { ...req, params: { ...req.params, examId } }),
    { selectable: true },
  );
  const params = table.request.params;
  const selected = table.selectedRowKeys.map(String);

  const mark = async (interview: boolean) => {
    let changed = 0;
    const ok = await attempt(async () => {
      changed = (await call(candidateRosterInterview, { examId, ids: selected, interview })).changed;
    });
    if (ok) message.success(interview ? `已标记面试 ${changed} 人` : `已取消面试标记 ${changed} 人`);
    table.refresh();
  };
  const sendSms = () =>
    Modal.confirm({
      title: '短信发送考试结果',
      content: `将向选中的 ${selected.length} 名考生发送考试结果短信（已阅卷的考生；未交卷、待阅卷、没有手机号的考生不会发送）。`,
      okText: '发送',
      onOk: async () => {
        await attempt(async () => setReport(await call(candidateRosterSmsResult, { examId, ids: selected })));
      },
    });

  return (
    <PageContainer
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回"
            onClick={() => navigate('/admin/exam/exam')}
          />
          {`考生名单：${title}`}
        </Space>
      }
      extra={
        <Space wrap>
          <LinkPictures examId={examId} title={title} />
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => callDownload(candidateRosterExport, { examId, ...params }, `${title}-考生名单.xlsx`)}
            >
              导出名单
            </Button>
          )}
        </Space>
      }
      search={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="姓名/手机号/单位"
            style={{ width: 220 }}
            onSearch={(v) => table.search({ ...params, keyword: v.trim() || undefined })}
            data-testid="candidate-keyword"
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={Object.entries(CANDIDATE_STATUS_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
            onChange={(status) => table.search({ ...params, status })}
            data-testid="candidate-status"
          />
          <Space.Compact>
            <InputNumber
              placeholder="最低分"
              min={0}
              style={{ width: 96 }}
              value={scoreRange.min}
              onChange={(v) => setScoreRange((r) => ({ ...r, min: v ?? undefined }))}
              aria-label="最低分"
            />
            <InputNumber
              placeholder="最高分"
              min={0}
              style={{ width: 96 }}
              value={scoreRange.max}
              onChange={(v) => setScoreRange((r) => ({ ...r, max: v ?? undefined }))}
              aria-label="最高分"
            />
            <Button onClick={() => table.search({ ...params, scoreMin: scoreRange.min, scoreMax: scoreRange.max })}>
              按分数筛选
            </Button>
          </Space.Compact>
          <Select
            allowClear
            placeholder="面试标记"
            style={{ width: 120 }}
            options={[
              { value: 1, label: '已标记面试' },
              { value: 0, label: '未标记' },
            ]}
            onChange={(v) => table.search({ ...params, interview: v === undefined ? undefined : v === 1 })}
            data-testid="candidate-interview"
          />
        </Space>
      }
    >
      {canManage && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Text type="secondary">已选 {selected.length} 人</Typography.Text>
          <Button disabled={!selected.length} onClick={() => mark(true)}>
            标记面试
          </Button>
          <Button disabled={!selected.length} onClick={() => mark(false)}>
            取消面试标记
          </Button>
          <Button disabled={!selected.length} onClick={sendSms}>
            短信发送结果
          </Button>
        </Space>
      )}
      <Table
        {...table.tableProps}
        scroll={{ x: 960 }}
        columns={[
          // Secondary fields sit under the main ones (单位 under 姓名, 身份证号 under 手机号, 用时
          // under 交卷时间) so that every column fits 1280 px without scrolling under 操作.
          {
            title: '姓名 / 单位',
            dataIndex: 'name',
            width: 130,
            render: (v: string | null, r) =>
              r.erased ? (
                <Typography.Text type="secondary">已删除</Typography.Text>
              ) : (
                <TwoLines main={v || '-'} sub={r.company} />
              ),
          },
          {
            title: '手机号 / 身份证号',
            dataIndex: 'mobile',
            width: 170,
            render: (v: string | null, r) => <TwoLines main={v ?? '-'} sub={r.idNumber} />,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: number) => <Tag color={STATUS_COLORS[v]}>{CANDIDATE_STATUS_LABELS[v]}</Tag>,
          },
          {
            title: '得分',
            width: 100,
            render: (_, r) =>
              r.score == null ? (
                '-'
              ) : (
                <Space size={4}>
                  {`${r.score}/${r.totalScore}`}
                  <Tag color={r.passed ? 'green' : 'red'}>{r.passed ? '通过' : '未通过'}</Tag>
                </Space>
              ),
          },
          {
            title: '标记',
            width: 150,
            render: (_, r) => (
              <Space size={4} wrap>
                {r.interview && <Tag color="blue">面试</Tag>}
                {r.leaveCount > 0 && (
                  <Tooltip title="答题时离开考试页面的次数">
                    <Tag color="warning">{`切屏${r.leaveCount}次`}</Tag>
                  </Tooltip>
                )}
                {r.forcedHand && <Tag color="error">强制交卷</Tag>}
                {r.voided && <Tag>已作废</Tag>}
                {r.convertedUserId && <Tag color="purple">已转学员</Tag>}
              </Space>
            ),
          },
          {
            title: '交卷时间 / 用时',
            dataIndex: 'handTime',
            width: 150,
            render: (v, r) => (v ? <TwoLines main={formatDateTime(v)} sub={`用时 ${minutes(r.usedSeconds)}`} /> : '-'),
          },
          {
            title: '操作',
            width: 140,
            fixed: 'right',
            render: (_, r) => (
              <TableActions>
                <Button type="link" size="small" onClick={() => setViewing(r.id)} disabled={r.erased}>
                  查看
                </Button>
                {canConvert && !r.convertedUserId && !r.erased && (
                  <Button type="link" size="small" onClick={() => setConverting(r)}>
                    转为学员
                  </Button>
                )}
              </TableActions>
            ),
          },
        ]}
      />
      <CandidateDetail examId={examId} id={viewing} onClose={() => setViewing(null)} />
      <ConvertModal
        examId={examId}
        candidate={converting}
        onClose={() => setConverting(null)}
        onDone={() => {
          setConverting(null);
          table.refresh();
        }}
      />
      <SmsReport report={report} onClose={() => setReport(null)} />
    </PageContainer>
  );
}
