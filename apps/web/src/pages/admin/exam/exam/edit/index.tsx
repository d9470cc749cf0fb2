/** 编辑考试 (/admin/exam/exam/edit/:id?): paper, audience, time window, rules, anti-cheat, remote proctoring, state. */
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  EXAM_STATE_LABELS,
  examExamDetail,
  examExamSave,
  OPEN_TYPE_LABELS,
  PROCTOR_OFF,
  paperTmplPaging,
  type TExamSave,
  ZKindSettingsSchema,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Divider, Form, Input, Radio, Row, Select, Space, Spin, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { call } from '../../../../../api/call';
import { useTagsViewStore } from '../../../../../stores/tags-view';
import LogoUpload from '../../../sys/config/LogoUpload';
import UserSearchSelect from '../../../sys/msg/UserSearchSelect';
import { deptSelectProps, useDeptTree } from '../../../sys/shared';
import ProctorFields from './ProctorFields';
import { proctorForSave, proctorToForm } from './proctor-form';
import RuleFields from './RuleFields';

type FormValues = Omit<TExamSave, 'startTime' | 'endTime'> & { range?: [Dayjs | null, Dayjs | null] | null };

const DEFAULTS: Partial<FormValues> = {
  openType: 1,
  duration: 60,
  tryLimit: 1,
  cycleType: 0,
  handMinMinutes: 0,
  lateMinutes: 0,
  passScore: 60,
  kindSettings: ZKindSettingsSchema.parse({}),
  proctor: PROCTOR_OFF,
  resultShow: 1,
  reviewAfter: 2,
  fullScreen: false,
  allowFocusMode: true,
  showRank: false,
  leaveLimit: 0,
  noCopy: false,
  shuffleQu: false,
  shuffleOpt: false,
  state: 0,
  deptIds: [],
  userIds: [],
};

function TmplSelect({
  value,
  onChange,
  onTotal,
  disabled,
}: {
  value?: string;
  onChange?: (v: string) => void;
  onTotal: (n: number | null) => void;
  disabled?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['tmpl-options', keyword],
    queryFn: () => call(paperTmplPaging, { current: 1, size: 50, params: { title: keyword || undefined } }),
  });
  const records = q.data?.records ?? [];
  useEffect(() => {
    const hit = records.find((r) => r.id === value);
    if (hit) onTotal(hit.totalScore);
  }, [records, value, onTotal]);
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder="选择试卷"
      disabled={disabled}
      showSearch={{ onSearch: setKeyword, filterOption: false }}
      loading={q.isFetching}
      data-testid="exam-tmpl"
      options={records.map((r) => ({ value: r.id, label: `${r.title}（${r.totalScore}分，${r.quCount}题）` }))}
    />
  );
}

export default function ExamExamEdit() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const depts = useDeptTree();
  const openType = Form.useWatch('openType', form);
  const detail = useQuery({
    queryKey: ['exam-detail', id],
    queryFn: () => call(examExamDetail, { id: id as string }),
    enabled: Boolean(id),
    gcTime: 0,
  });

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({
      ...d,
      openType: d.openType as 1,
      resultShow: d.resultShow as 1,
      reviewAfter: d.reviewAfter as 2,
      cycleType: d.cycleType as 0,
      state: d.state as 0,
      proctor: proctorToForm(d.proctor),
      range: [dayjs(d.startTime), dayjs(d.endTime)],
    });
    setTotal(d.totalScore);
  }, [detail.data, form]);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [start, end] = v.range ?? [];
    const { range: _r, ...rest } = v;
    const body: TExamSave = {
      ...DEFAULTS,
      ...rest,
      // Every kind's settings, also those whose (lazily loaded) fields are not on screen yet.
      kindSettings: form.getFieldValue('kindSettings'),
      // The whole setting, also the fields the chosen mode hides.
      proctor: proctorForSave(form.getFieldValue('proctor')),
      id: id ?? null,
      startTime: (start as Dayjs).second(0).format(),
      endTime: (end as Dayjs).second(0).format(),
      password: rest.openType === 9 ? rest.password : null,
      deptIds: rest.openType === 2 ? (rest.deptIds ?? []) : [],
      userIds: rest.openType === 3 ? (rest.userIds ?? []) : [],
    } as TExamSave;
    setSaving(true);
    try {
      await call(examExamSave, body);
      message.success('保存成功');
      useTagsViewStore.getState().delView(pathname);
      void qc.invalidateQueries({ queryKey: ['exam-exam'] });
      navigate('/admin/exam/exam');
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  // Once a paper has started, the paper, pass mark and marking settings are locked.
  const lockedReason = detail.data?.lockedReason ?? null;
  if (id && detail.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exam/exam')} />
          {id ? '编辑考试' : '新建考试'}
        </Space>
      }
      extra={
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid="exam-save">
          保存
        </Button>
      }
    >
      <Form form={form} layout="vertical" initialValues={DEFAULTS} style={{ maxWidth: 1100 }}>
        {lockedReason && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="试卷、及格分和评分设置已锁定"
            description={`${lockedReason}。考试名称、说明、时间等其他设置仍可修改。`}
            data-testid="exam-locked"
          />
        )}
        <Divider titlePlacement="start">基本信息</Divider>
        <Row gutter={24}>
          <Col span={16}>
            <Form.Item
              name="title"
              label="考试名称"
              rules={[
                { required: true, whitespace: true, message: '请输入考试名称' },
                { max: 100, message: '考试名称不能超过100个字符' },
              ]}
            >
              <Input maxLength={100} placeholder="例如：2026年第一季度安全生产考试" />
            </Form.Item>
            <Form.Item
              name="tmplId"
              label="试卷"
              rules={[{ required: true, message: '请选择试卷' }]}
              extra={lockedReason ? '已有考生开始作答，试卷不能更换' : undefined}
            >
              <TmplSelect onTotal={setTotal} disabled={Boolean(lockedReason)} />
            </Form.Item>
            <Form.Item name="content" label="考试说明">
              <Input.TextArea rows={3} maxLength={5000} placeholder="考试须知、注意事项等（选填）" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="cover" label="封面">
              <LogoUpload />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={Object.entries(EXAM_STATE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">参加范围</Divider>
        <Form.Item name="openType" label="开放类型">
          <Radio.Group options={Object.entries(OPEN_TYPE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))} />
        </Form.Item>
        {openType === 2 && (
          <Form.Item
            name="deptIds"
            label="指定部门"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择指定部门' }]}
          >
            <TreeSelect {...deptSelectProps(depts.data, true)} data-testid="exam-depts" />
          </Form.Item>
        )}
        {openType === 3 && (
          <Form.Item
            name="userIds"
            label="指定人员"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择指定人员' }]}
          >
            <UserSearchSelect />
          </Form.Item>
        )}
        {openType === 9 && (
          <Form.Item
            name="password"
            label="考试密码"
            rules={[{ required: true, whitespace: true, message: '请输入考试密码' }]}
          >
            <Input maxLength={50} style={{ maxWidth: 300 }} placeholder="考生进入考试时需输入" />
          </Form.Item>
        )}
        <RuleFields totalScore={total} locked={Boolean(lockedReason)} />
        <ProctorFields />
      </Form>
    </Card>
  );
}
