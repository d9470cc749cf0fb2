/**
 * 考试管理: exams with their paper, audience, window and state; edit, publish/close, results, delete.
 * 安排 opens the arrangements and re-sits (ArrangeDrawer); an exam with papers is archived instead of
 * deleted, listed under 已归档 with 恢复.
 */
import { PlusOutlined } from '@ant-design/icons';
import {
  EXAM_STATE_LABELS,
  EXAM_TIME_STATE_LABELS,
  examExamDelete,
  examExamPaging,
  examExamRestore,
  examExamState,
  OPEN_TYPE_LABELS,
  type TExamRecord,
} from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../../components';
import { windowText } from '../../../web/index/ExamCard';
import { attempt, confirmDelete } from '../../sys/shared';
import { PrintPaperButton } from '../report/PrintButtons';
import ArrangeDrawer from './ArrangeDrawer';
import OpenLinkDrawer from './OpenLinkDrawer';

type Params = { title?: string; state?: number; openType?: number; archived?: boolean };
const STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red' };
const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([v, l]) => ({ value: Number(v), label: l }));

export default function ExamExamPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [arranging, setArranging] = useState<TExamRecord | null>(null);
  const [opening, setOpening] = useState<TExamRecord | null>(null);
  const canArrange = usePermission('exam:exam:view');
  const canRestore = usePermission('exam:exam:restore');
  const canSave = usePermission('exam:exam:save');
  const canDelete = usePermission('exam:exam:delete');
  const canResult = usePermission('exam:result:view');
  const canInvigilate = usePermission('exam:invigilate:view');
  const canCandidates = usePermission('exam:candidate:view');
  const table = useServerTable<TExamRecord, Params>(['exam-exam'], (req) => call(examExamPaging, req));
  const params = table.request.params;
  const archived = Boolean(params.archived);
  const setState = async (r: TExamRecord, state: 0 | 1 | 2) => {
    if (await attempt(() => call(examExamState, { ids: [r.id], state })))
      message.success(state === 1 ? '已发布' : '已关闭');
    table.refresh();
  };
  // Archive and restore move an exam between the two lists: both cached pages are out of date.
  const qc = useQueryClient();
  const refreshBoth = () => void qc.invalidateQueries({ queryKey: ['exam-exam'] });
  // An exam with papers is archived (results kept, restorable), not deleted: the prompt says so.
  const remove = (r: TExamRecord) =>
    confirmDelete(
      modal,
      async () => {
        await call(examExamDelete, { ids: [r.id] });
        message.success(r.paperCount > 0 ? '考试已有答卷，已归档（成绩保留，可在“已归档”中恢复）' : '删除成功');
        refreshBoth();
      },
      r.paperCount > 0
        ? `该考试已有${r.paperCount}份答卷，将归档而不是删除：从考试列表中移除，成绩保留并可在“已归档”中恢复。确定吗？`
        : '确定要删除吗？',
    );
  const restore = async (r: TExamRecord) => {
    if (await attempt(() => call(examExamRestore, { ids: [r.id] }))) message.success('已恢复');
    refreshBoth();
  };

  return (
    <PageContainer
      title="考试管理"
      extra={
        canSave && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/exam/exam/edit')}>
            新建考试
          </Button>
        )
      }
      search={
        <Space wrap>
          <Segmented
            value={archived ? 'archived' : 'active'}
            options={[
              { value: 'active', label: '考试列表' },
              { value: 'archived', label: '已归档' },
            ]}
            onChange={(v) => table.search({ ...params, archived: v === 'archived' || undefined })}
            data-testid="exam-archived-filter"
          />
          <Input.Search
            allowClear
            placeholder="考试名称"
            style={{ width: 240 }}
            onSearch={(v) => table.search({ ...params, title: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={options(EXAM_STATE_LABELS)}
            onChange={(state) => table.search({ ...params, state })}
          />
          <Select
            allowClear
            placeholder="开放类型"
            style={{ width: 140 }}
            options={options(OPEN_TYPE_LABELS)}
            onChange={(openType) => table.search({ ...params, openType })}
          />
        </Space>
      }
    >
      <Table
        {...table.tableProps}
        // At 1280 px every data column shows beside the fixed 操作 column: the title wraps and carries
        // its paper, the time its duration; narrower screens scroll the table inside its card.
        scroll={{ x: 960 }}
        columns={[
          {
            title: '考试名称',
            dataIndex: 'title',
            render: (v: string, r) => (
              <div className="exam-list__title">
                <Typography.Text strong>{v}</Typography.Text>
                {r.overrideCount > 0 && <Tag color="blue">{`${r.overrideCount}项安排`}</Tag>}
                <div className="exam-list__sub">试卷：{r.tmplTitle || '-'}</div>
              </div>
            ),
          },
          {
            title: '开放类型',
            dataIndex: 'openType',
            width: 90,
            render: (v: number) => <Tag>{OPEN_TYPE_LABELS[v]}</Tag>,
          },
          {
            title: '考试时间',
            width: 168,
            render: (_, r) => <span className="exam-list__time">{windowText(r.startTime, r.endTime)}</span>,
          },
          { title: '时长', dataIndex: 'duration', width: 76, render: (v: number) => (v ? `${v}分钟` : '不限') },
          { title: '总分/及格', width: 92, render: (_, r) => `${r.totalScore} / ${r.passScore}` },
          {
            title: '状态',
            width: 112,
            render: (_, r) => (
              <Space size={4} wrap>
                {r.archivedAt && <Tag color="default">已归档</Tag>}
                <Tag color={STATE_COLORS[r.state]}>{EXAM_STATE_LABELS[r.state]}</Tag>
                {r.state === 1 && !r.archivedAt && (
                  <Tag color={r.timeState === 1 ? 'processing' : 'default'}>{EXAM_TIME_STATE_LABELS[r.timeState]}</Tag>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            width: 196,
            fixed: 'right',
            render: (_, r) => (
              <TableActions>
                {archived && canRestore && (
                  <Button type="link" size="small" onClick={() => restore(r)}>
                    恢复
                  </Button>
                )}
                {!archived && canArrange && (
                  <Button type="link" size="small" onClick={() => setArranging(r)}>
                    安排
                  </Button>
                )}
                {!archived && canArrange && (
                  <Button type="link" size="small" onClick={() => setOpening(r)} data-testid="exam-open-link">
                    公开链接
                  </Button>
                )}
                {!archived && canSave && (
                  <Button type="link" size="small" onClick={() => navigate(`/admin/exam/exam/edit/${r.id}`)}>
                    编辑
                  </Button>
                )}
                {!archived && canSave && r.state !== 1 && (
                  <Button type="link" size="small" onClick={() => setState(r, 1)}>
                    发布
                  </Button>
                )}
                {!archived && canSave && r.state === 1 && (
                  <Button type="link" size="small" onClick={() => setState(r, 2)}>
                    关闭
                  </Button>
                )}
                {!archived && canInvigilate && r.state === 1 && (
                  <Button type="link" size="small" onClick={() => navigate(`/admin/exam/exam/invigilate/${r.id}`)}>
                    监考
                  </Button>
                )}
                {canCandidates && (
                  <Button type="link" size="small" onClick={() => navigate(`/admin/exam/exam/candidates/${r.id}`)}>
                    考生
                  </Button>
                )}
                <PrintPaperButton target={{ examId: r.id }} title={r.title} />
                {canResult && (
                  <Button type="link" size="small" onClick={() => navigate(`/admin/exam/result/detail/${r.id}`)}>
                    成绩
                  </Button>
                )}
                {!archived && canDelete && (
                  <Button type="link" size="small" danger onClick={() => remove(r)}>
                    删除
                  </Button>
                )}
              </TableActions>
            ),
          },
        ]}
      />
      <ArrangeDrawer exam={arranging} onClose={() => setArranging(null)} />
      <OpenLinkDrawer exam={opening} onClose={() => setOpening(null)} />
    </PageContainer>
  );
}
