/**
 * The question list of the admin screens: filters (bank, type, level, knowledge point with its
 * descendants, keyword), preview,
 * edit and delete per row, batch move/copy/delete, import and export. `repoId` fixes the bank.
 */
import { DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import {
  labelOptions,
  QUESTION_LEVEL_LABELS,
  QUESTION_TYPE_LABELS,
  repoQuBatchCopy,
  repoQuDelete,
  repoQuDetail,
  repoQuPaging,
  repoRepoList,
  type TQuDetail,
  type TQuListItem,
  type TQuPagingParams,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, message, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { quApi } from '../../api/repo';
import { formatTime } from '../../utils/date-format';
import DraftQuestions from '../assistant/DraftQuestions';
import { Permission, useServerTable } from '../index';
import ExportMenu from './ExportMenu';
import { showExportNote } from './ExportNote';
import ImportDialog from './ImportDialog';
import KnowledgeSelect from './KnowledgeSelect';
import QuestionLine from './QuestionLine';
import QuestionPreview from './QuestionPreview';

export default function QuestionTable({ repoId, onChanged }: { repoId?: string; onChanged?: () => void }) {
  const navigate = useNavigate();
  // 知识点 screen's count links here with ?kpId=: the list opens filtered by that point
  const [query] = useSearchParams();
  const initialKp = query.get('kpId') ?? undefined;
  const [form] = Form.useForm<TQuPagingParams>();
  const repos = useQuery({ queryKey: ['repo-list'], queryFn: () => call(repoRepoList, {}) });
  const table = useServerTable<TQuListItem, TQuPagingParams>(
    ['qu-paging', repoId],
    (req) => call(repoQuPaging, { ...req, params: { ...req.params, repoId: repoId ?? req.params.repoId } }),
    {
      selectable: true,
      initialParams: initialKp ? { kpId: initialKp } : undefined,
    },
  );
  const [importOpen, setImportOpen] = useState(false);
  const [preview, setPreview] = useState<TQuDetail | null>(null);
  const [batch, setBatch] = useState<'move' | 'copy' | null>(null);
  const [batchTarget, setBatchTarget] = useState<string>();
  const ids = table.selectedRowKeys as string[];
  const changed = () => {
    table.refresh();
    onChanged?.();
  };

  const remove = async (list: string[]) => {
    await call(repoQuDelete, { ids: list });
    message.success('删除成功');
    table.setSelectedRowKeys([]);
    changed();
  };
  const runBatch = async () => {
    if (!batchTarget || !batch) return;
    const res =
      batch === 'move'
        ? await quApi.batchMove(ids, batchTarget, repoId)
        : await call(repoQuBatchCopy, { ids, toRepoId: batchTarget });
    message.success(`${batch === 'move' ? '已移动' : '已复制'} ${res.count} 道试题`);
    setBatch(null);
    table.setSelectedRowKeys([]);
    changed();
  };
  const editUrl = (id: string) => `/admin/repo/qu-edit/${id}${repoId ? `?repoId=${repoId}` : ''}`;

  return (
    <>
      <Form
        form={form}
        initialValues={initialKp ? { kpId: initialKp } : undefined}
        layout="inline"
        onFinish={(v) => table.search(v)}
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        {!repoId && (
          <Form.Item name="repoId">
            <Select
              allowClear
              placeholder="所属题库"
              style={{ width: 180 }}
              options={(repos.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
            />
          </Form.Item>
        )}
        <Form.Item name="type">
          <Select
            allowClear
            placeholder="题型"
            style={{ width: 110 }}
            options={labelOptions(QUESTION_TYPE_LABELS)}
            data-testid="filter-type"
          />
        </Form.Item>
        <Form.Item name="level">
          <Select allowClear placeholder="难度" style={{ width: 100 }} options={labelOptions(QUESTION_LEVEL_LABELS)} />
        </Form.Item>
        <Form.Item name="kpId">
          <KnowledgeSelect placeholder="知识点（含下级）" />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder="题目关键字" style={{ width: 180 }} data-testid="filter-keyword" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                table.search({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Permission tag="repo:qu:save">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(editUrl('new'))} data-testid="qu-add">
            新增试题
          </Button>
        </Permission>
        <Permission tag="repo:qu:save">
          <DraftQuestions repoId={repoId} />
        </Permission>
        <Permission tag="repo:qu:import">
          <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="qu-import">
            导入
          </Button>
        </Permission>
        <Permission tag="repo:qu:export">
          <ExportMenu
            label={ids.length ? `导出选中（${ids.length}）` : '导出'}
            onExport={(format) =>
              quApi.exportAs(ids.length ? { ids } : { repoId, params: table.request.params }, format, showExportNote)
            }
          />
        </Permission>
        <Permission tag="repo:qu:save">
          <Button disabled={!ids.length} onClick={() => setBatch('move')}>
            批量移动
          </Button>
          <Button disabled={!ids.length} onClick={() => setBatch('copy')}>
            批量复制
          </Button>
        </Permission>
        <Permission tag="repo:qu:delete">
          <Popconfirm
            title={`确定删除选中的 ${ids.length} 道试题吗？`}
            onConfirm={() => remove(ids)}
            disabled={!ids.length}
          >
            <Button danger icon={<DeleteOutlined />} disabled={!ids.length}>
              批量删除
            </Button>
          </Popconfirm>
        </Permission>
      </Space>
      <Table<TQuListItem>
        {...table.tableProps}
        size="middle"
        columns={[
          {
            // the question takes the room the other columns leave, on up to two lines (the rest in 预览)
            title: '题目',
            dataIndex: 'summary',
            render: (s: string, r) => (
              <Button
                type="link"
                size="small"
                className="qu-table__summary"
                onClick={async () => setPreview(await call(repoQuDetail, { id: r.id }))}
              >
                {/* formulas rendered, not their LaTeX (the screen sweep) */}
                {s ? <QuestionLine text={s} /> : '（无文字内容）'}
              </Button>
            ),
          },
          {
            title: '题型',
            dataIndex: 'type',
            width: 84,
            render: (t: number) => <Tag color="blue">{QUESTION_TYPE_LABELS[t]}</Tag>,
          },
          {
            title: '难度',
            dataIndex: 'level',
            width: 64,
            render: (l: number) => <Tag color={l === 2 ? 'red' : 'default'}>{QUESTION_LEVEL_LABELS[l]}</Tag>,
          },
          {
            title: '知识点',
            dataIndex: 'tags',
            width: 140,
            render: (tags: string[]) =>
              tags.map((t) => (
                <Tag key={t} title={t}>
                  {t.split('/').pop()}
                </Tag>
              )),
          },
          ...(repoId
            ? []
            : [
                {
                  title: '所属题库',
                  dataIndex: 'repos',
                  width: 130,
                  render: (rs: TQuListItem['repos']) => rs.map((r) => r.title).join('、'),
                },
              ]),
          {
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 104,
            render: (d: string) => (
              <>
                {formatTime(d, 'YYYY-MM-DD')}
                <br />
                {formatTime(d, 'HH:mm')}
              </>
            ),
          },
          {
            title: '操作',
            width: 104,
            render: (_, r) => (
              <Space size={4}>
                <Permission tag="repo:qu:save">
                  <Button type="link" size="small" onClick={() => navigate(editUrl(r.id))}>
                    编辑
                  </Button>
                </Permission>
                <Permission tag="repo:qu:delete">
                  <Popconfirm title="确定删除这道试题吗？" onConfirm={() => remove([r.id])}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Permission>
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="试题预览" width={640} open={Boolean(preview)} onClose={() => setPreview(null)}>
        {preview && <QuestionPreview question={preview} showAnswer />}
      </Drawer>
      <Modal
        title={batch === 'move' ? '批量移动到题库' : '批量复制到题库'}
        open={Boolean(batch)}
        onCancel={() => setBatch(null)}
        onOk={runBatch}
        okButtonProps={{ disabled: !batchTarget }}
      >
        <p>{batch === 'move' ? `将选中的 ${ids.length} 道试题移动到：` : `将选中的 ${ids.length} 道试题同时加入：`}</p>
        <Select
          style={{ width: '100%' }}
          placeholder="选择目标题库"
          value={batchTarget}
          onChange={setBatchTarget}
          options={(repos.data ?? []).filter((r) => r.id !== repoId).map((r) => ({ value: r.id, label: r.title }))}
        />
      </Modal>
      <ImportDialog
        open={importOpen}
        repoId={repoId}
        repos={repos.data}
        onClose={() => setImportOpen(false)}
        onImported={changed}
      />
    </>
  );
}
