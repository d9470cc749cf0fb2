/**
 * 安排: the arrangements of one exam — per learner or department another window,
 * extra minutes, extra attempts, a different password — and 安排补考 for those who failed or
 * missed it. A learner's own arrangement beats their department's; the deepest department wins.
 */
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TExamOverrideRecord, TExamRecord, TResitCandidate, TUserRecord } from '@exam/contracts';
import {
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamResit,
  examExamResitPreview,
  sysUserPaging,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { TableActions, usePermission } from '../../../../components';
import { formatTime } from '../../../../utils/date-format';
import { windowText } from '../../../web/index/ExamCard';
import { attempt, confirmDelete, deptSelectProps, useDeptTree } from '../../sys/shared';

const fmt = (s: string | null) => (s ? formatTime(s, 'YYYY-MM-DD HH:mm') : '');

/** One learner, searched on the server. */
function UserPick({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const users = useQuery({
    queryKey: ['arrange-user-search', keyword],
    queryFn: () => call(sysUserPaging, { current: 1, size: 20, params: { keyword: keyword || null } }),
  });
  const label = (u: TUserRecord) => `${u.realName}（${u.userName}）${u.deptName ? ` - ${u.deptName}` : ''}`;
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder="搜索姓名或账号"
      showSearch={{ onSearch: setKeyword, filterOption: false }}
      loading={users.isFetching}
      data-testid="arrange-user"
      options={(users.data?.records ?? []).map((u) => ({ value: u.id, label: label(u) }))}
    />
  );
}

interface OverrideForm {
  targetType: 1 | 2;
  userId?: string;
  deptId?: string;
  range?: [Dayjs, Dayjs] | null;
  extraMinutes?: number;
  extraTries?: number;
  password?: string;
  note?: string;
}

function OverrideModal({
  exam,
  editing,
  onClose,
}: {
  exam: TExamRecord;
  editing: TExamOverrideRecord | 'new' | null;
  onClose: (saved: boolean) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OverrideForm>();
  const [saving, setSaving] = useState(false);
  const depts = useDeptTree();
  const targetType = Form.useWatch('targetType', form);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing !== 'new')
      form.setFieldsValue({
        targetType: editing.targetType as 1 | 2,
        userId: editing.userId ?? undefined,
        deptId: editing.deptId ?? undefined,
        range: editing.startTime && editing.endTime ? [dayjs(editing.startTime), dayjs(editing.endTime)] : null,
        extraMinutes: editing.extraMinutes,
        extraTries: editing.extraTries,
        password: editing.password ?? undefined,
        note: editing.note ?? undefined,
      });
  }, [editing, form]);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [start, end] = v.range ?? [];
    setSaving(true);
    const ok = await attempt(() =>
      call(examExamOverrideSave, {
        id: editing && editing !== 'new' ? editing.id : null,
        examId: exam.id,
        targetType: v.targetType,
        userId: v.targetType === 1 ? v.userId : null,
        deptId: v.targetType === 2 ? v.deptId : null,
        startTime: start ? start.second(0).format() : null,
        endTime: end ? end.second(0).format() : null,
        extraMinutes: v.extraMinutes ?? 0,
        extraTries: v.extraTries ?? 0,
        password: v.password?.trim() || null,
        note: v.note?.trim() || null,
      }),
    );
    setSaving(false);
    if (!ok) return;
    message.success('保存成功');
    onClose(true);
  };

  const editingUser = editing && editing !== 'new' && editing.userId;
  return (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? '新增个别安排' : '编辑个别安排'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={{ targetType: 1, extraMinutes: 0, extraTries: 0 }}>
        <Form.Item name="targetType" label="安排对象">
          <Radio.Group
            options={[
              { value: 1, label: '考生' },
              { value: 2, label: '部门（含下级部门）' },
            ]}
          />
        </Form.Item>
        {targetType === 1 ? (
          <Form.Item name="userId" label="考生" rules={[{ required: true, message: '请选择考生' }]}>
            {editingUser ? (
              <Select
                disabled
                options={[{ value: editing.userId, label: `${editing.realName}（${editing.userName}）` }]}
              />
            ) : (
              <UserPick />
            )}
          </Form.Item>
        ) : (
          <Form.Item name="deptId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
            <TreeSelect {...deptSelectProps(depts.data)} data-testid="arrange-dept" />
          </Form.Item>
        )}
        <Form.Item
          name="range"
          label="单独考试时间"
          tooltip="留空则使用考试本身的时间"
          rules={[
            {
              validator: async (_, v?: [Dayjs, Dayjs] | null) => {
                if (v?.[0] && v[1] && !v[1].isAfter(v[0])) throw new Error('结束时间必须晚于开始时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            placeholder={['开始时间', '结束时间']}
            data-testid="arrange-range"
          />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="extraMinutes" label="延长时间" tooltip="如无障碍需要；同时延长作答截止时间">
            <InputNumber min={0} max={1440} precision={0} addonAfter="分钟" data-testid="arrange-minutes" />
          </Form.Item>
          <Form.Item name="extraTries" label="增加考试次数">
            <InputNumber min={0} max={100} precision={0} addonAfter="次" data-testid="arrange-tries" />
          </Form.Item>
          <Form.Item name="password" label="单独密码" tooltip="设置后该对象须输入此密码才能开始">
            <Input maxLength={50} placeholder="不设置" style={{ width: 150 }} />
          </Form.Item>
        </Space>
        <Form.Item name="note" label="备注">
          <Input maxLength={200} placeholder="例如：无障碍延时、出差另行安排" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResitModal({ exam, open, onClose }: { exam: TExamRecord; open: boolean; onClose: (saved: boolean) => void }) {
  const { message } = App.useApp();
  const [failed, setFailed] = useState(true);
  const [missed, setMissed] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const candidates = useQuery({
    queryKey: ['resit-preview', exam.id, failed, missed],
    queryFn: () => call(examExamResitPreview, { examId: exam.id, failed, missed }),
    enabled: open && (failed || missed),
    gcTime: 0,
  });
  useEffect(() => {
    setSelected((candidates.data ?? []).map((c) => c.userId));
  }, [candidates.data]);

  const submit = async () => {
    if (!range?.[0] || !range[1]) return void message.error('请选择补考时间');
    if (!range[1].isAfter(range[0])) return void message.error('补考结束时间必须晚于开始时间');
    if (selected.length === 0) return void message.error('请选择补考的考生');
    setSaving(true);
    const ok = await attempt(async () => {
      const r = await call(examExamResit, {
        examId: exam.id,
        userIds: selected,
        startTime: (range[0] as Dayjs).second(0).format(),
        endTime: (range[1] as Dayjs).second(0).format(),
        note: note.trim() || null,
      });
      message.success(`已为${r.count}名考生安排补考`);
    });
    setSaving(false);
    if (ok) onClose(true);
  };

  return (
    <Modal
      open={open}
      title="安排补考"
      okText="安排补考"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={720}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          补考为所选考生单独开放一个考试时间，并增加一次考试机会；已有的延长时间与单独密码保留。
        </Typography.Text>
        <Space wrap>
          <Checkbox checked={failed} onChange={(e) => setFailed(e.target.checked)}>
            未通过
          </Checkbox>
          <Checkbox checked={missed} onChange={(e) => setMissed(e.target.checked)}>
            缺考
          </Checkbox>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={['补考开始', '补考结束']}
            value={range}
            onChange={(v) => setRange(v)}
            data-testid="resit-range"
          />
        </Space>
        <Input maxLength={200} placeholder="备注（选填）" value={note} onChange={(e) => setNote(e.target.value)} />
        <Table<TResitCandidate>
          size="small"
          rowKey="userId"
          loading={candidates.isFetching}
          dataSource={failed || missed ? (candidates.data ?? []) : []}
          pagination={{ pageSize: 8, showTotal: (n) => `共 ${n} 人` }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          locale={{ emptyText: '没有需要补考的考生' }}
          columns={[
            { title: '姓名', dataIndex: 'realName' },
            { title: '账号', dataIndex: 'userName' },
            { title: '部门', dataIndex: 'deptName', render: (v) => v || '-' },
            {
              title: '原因',
              dataIndex: 'reason',
              render: (v: string) => <Tag color={v === '缺考' ? 'orange' : 'red'}>{v}</Tag>,
            },
            { title: '已考次数', dataIndex: 'tryCount', width: 80 },
            { title: '最高分', dataIndex: 'bestScore', width: 70, render: (v) => v ?? '-' },
          ]}
        />
      </Space>
    </Modal>
  );
}

export default function ArrangeDrawer({ exam, onClose }: { exam: TExamRecord | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const canArrange = usePermission('exam:exam:arrange');
  const [editing, setEditing] = useState<TExamOverrideRecord | 'new' | null>(null);
  const [resit, setResit] = useState(false);
  const list = useQuery({
    queryKey: ['exam-overrides', exam?.id],
    queryFn: () => call(examExamOverrideList, { examId: exam?.id as string }),
    enabled: Boolean(exam),
  });
  const refresh = () => {
    void list.refetch();
    void qc.invalidateQueries({ queryKey: ['exam-exam'] });
  };
  const remove = (r: TExamOverrideRecord) =>
    confirmDelete(
      modal,
      async () => {
        await call(examExamOverrideDelete, { ids: [r.id] });
        message.success('删除成功');
        refresh();
      },
      '确定要删除这条安排吗？删除后该对象按考试本身的设置参加考试。',
    );

  return (
    <Drawer
      open={exam !== null}
      onClose={onClose}
      width={1000}
      title={exam ? `个别安排 - ${exam.title}` : '个别安排'}
      destroyOnHidden
      extra={
        canArrange && (
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => setResit(true)} data-testid="arrange-resit">
              安排补考
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="arrange-add">
              新增安排
            </Button>
          </Space>
        )
      }
    >
      {exam && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`考试时间：${windowText(exam.startTime, exam.endTime)}；时长：${exam.duration ? `${exam.duration}分钟` : '不限'}；允许次数：${exam.tryLimit || '不限'}`}
            description="考生本人的安排优先于部门安排；多个部门安排时以最下级部门为准。安排不会扩大考试的参加范围。"
          />
          <Table<TExamOverrideRecord>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data ?? []}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: '暂无个别安排' }}
            columns={[
              {
                title: '类型',
                dataIndex: 'kindLabel',
                width: 90,
                render: (v: string, r) => <Tag color={r.kind === 2 ? 'volcano' : 'blue'}>{v}</Tag>,
              },
              {
                title: '安排对象',
                width: 180,
                render: (_, r) =>
                  r.userId
                    ? `${r.realName ?? '已删除用户'}（${r.userName ?? '-'}）`
                    : `部门：${r.deptName ?? '已删除部门'}`,
              },
              {
                title: '单独时间',
                width: 240,
                render: (_, r) => (r.startTime ? `${fmt(r.startTime)} ~ ${fmt(r.endTime)}` : '同考试'),
              },
              { title: '延长', dataIndex: 'extraMinutes', width: 80, render: (v: number) => (v ? `${v}分钟` : '-') },
              { title: '增加次数', dataIndex: 'extraTries', width: 80, render: (v: number) => (v ? `${v}次` : '-') },
              { title: '单独密码', dataIndex: 'password', width: 90, render: (v) => (v ? '已设置' : '-') },
              { title: '备注', dataIndex: 'note', ellipsis: true, render: (v) => v || '-' },
              {
                title: '操作',
                width: 110,
                fixed: 'right',
                render: (_, r) =>
                  canArrange && (
                    <TableActions>
                      <Button type="link" size="small" onClick={() => setEditing(r)}>
                        编辑
                      </Button>
                      <Button type="link" size="small" danger onClick={() => remove(r)}>
                        删除
                      </Button>
                    </TableActions>
                  ),
              },
            ]}
          />
          <OverrideModal
            exam={exam}
            editing={editing}
            onClose={(saved) => {
              setEditing(null);
              if (saved) refresh();
            }}
          />
          <ResitModal
            exam={exam}
            open={resit}
            onClose={(saved) => {
              setResit(false);
              if (saved) refresh();
            }}
          />
        </>
      )}
    </Drawer>
  );
}
