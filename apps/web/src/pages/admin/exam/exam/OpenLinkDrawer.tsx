/**
 * 公开链接: open an exam to outside candidates (招聘笔试, 知识竞赛). The link and its switch, the fields
 * a candidate fills in (not asked / optional / required, custom fields with a pattern or options),
 * the SMS check of the mobile, and the limits: one attempt per mobile or per ID number, a total
 * cap, an invitation list of mobiles, an access code (never shown back). The link is valid in the
 * exam's window; 重新生成 retires the old one.
 */
import { CopyOutlined, DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  candidateLinkDetail,
  candidateLinkPath,
  candidateLinkRenew,
  candidateLinkSave,
  isMobile,
  type TCandidateFields,
  type TExamRecord,
  type TOpenLink,
} from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { usePermission } from '../../../../components';
import LinkPictures from '../candidates/LinkPictures';

const USE_OPTIONS = [
  { value: 0, label: '不收集' },
  { value: 1, label: '选填' },
  { value: 2, label: '必填' },
];
const FIXED_FIELDS: { name: keyof Omit<TCandidateFields, 'custom'>; label: string }[] = [
  { name: 'name', label: '姓名' },
  { name: 'mobile', label: '手机号' },
  { name: 'idNumber', label: '身份证号' },
  { name: 'company', label: '单位' },
];

interface FormValues {
  enabled: boolean;
  fields: TCandidateFields;
  smsVerify: boolean;
  onePer: 'mobile' | 'idNumber' | 'none';
  cap: number;
  invitedText: string;
  accessCode: string;
  clearAccessCode: boolean;
  retentionDays: number;
  consentText: string;
}

const toForm = (l: TOpenLink): FormValues => ({
  enabled: l.enabled,
  fields: l.fields,
  smsVerify: l.smsVerify,
  onePer: l.limits.onePer ?? 'none',
  cap: l.limits.cap,
  invitedText: l.limits.invited.join('\n'),
  accessCode: '',
  clearAccessCode: false,
  retentionDays: l.retentionDays,
  consentText: l.consentText ?? '',
});

export default function OpenLinkDrawer({ exam, onClose }: { exam: TExamRecord | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const canSave = usePermission('exam:exam:save');
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const qc = useQueryClient();
  const key = ['open-link', exam?.id];
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(exam),
    queryFn: () => call(candidateLinkDetail, { examId: exam?.id as string }),
  });
  const link = query.data;
  useEffect(() => {
    if (link) form.setFieldsValue(toForm(link));
  }, [link, form]);
  const url = link ? `${window.location.origin}${candidateLinkPath(link.token)}` : '';

  const save = async (v: FormValues) => {
    if (!exam) return;
    const invited = [
      ...new Set(
        v.invitedText
          .split(/[\s,，;；]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const wrong = invited.find((m) => !isMobile(m));
    if (wrong) {
      message.error(`邀请名单中的手机号格式不正确：${wrong}`);
      return;
    }
    setSaving(true);
    try {
      const saved = await call(candidateLinkSave, {
        examId: exam.id,
        enabled: v.enabled,
        fields: v.fields,
        smsVerify: v.smsVerify,
        limits: { onePer: v.onePer === 'none' ? null : v.onePer, cap: v.cap ?? 0, invited },
        accessCode: v.clearAccessCode ? '' : v.accessCode ? v.accessCode : null,
        retentionDays: v.retentionDays ?? 0,
        consentText: v.consentText || null,
      });
      qc.setQueryData(key, saved);
      message.success('公开链接设置已保存');
    } catch {
      // the message was shown
    } finally {
      setSaving(false);
    }
  };

  const renew = () =>
    modal.confirm({
      title: '重新生成链接？',
      content: '旧链接和二维码将立即失效，已报名考生不受影响。',
      onOk: async () => {
        if (!exam) return;
        qc.setQueryData(key, await call(candidateLinkRenew, { examId: exam.id }));
        message.success('已生成新链接');
      },
    });

  return (
    <Drawer
      open={exam !== null}
      onClose={onClose}
      width={720}
      title={exam ? `公开链接 - ${exam.title}` : '公开链接'}
      destroyOnHidden
      extra={
        canSave && (
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="open-link-save">
            保存
          </Button>
        )
      }
    >
      {link && (
        <Form form={form} layout="vertical" onFinish={save} disabled={!canSave} initialValues={toForm(link)}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="开放后，无需账号的外部考生可通过链接报名参加本场考试，链接在考试时间内有效；考生不会成为系统用户，只能进入本场考试。"
          />
          <Form.Item name="enabled" label="开放给外部考生" valuePropName="checked">
            <Switch data-testid="open-link-enabled" />
          </Form.Item>
          <Form.Item label="考试链接">
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={url} data-testid="open-link-url" />
              <Button
                icon={<CopyOutlined />}
                onClick={() =>
                  void navigator.clipboard?.writeText(url).then(
                    () => message.success('链接已复制'),
                    () => message.info(url),
                  )
                }
              >
                复制
              </Button>
              <Button icon={<ReloadOutlined />} onClick={renew} disabled={!canSave}>
                重新生成
              </Button>
            </Space.Compact>
            <Typography.Text type="secondary">已报名 {link.registered} 人</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <LinkPictures examId={exam?.id ?? ''} title={exam?.title ?? ''} />
            </div>
          </Form.Item>

          <Divider titlePlacement="start">考生填写信息</Divider>
          {FIXED_FIELDS.map((f) => (
            <Form.Item key={f.name} name={['fields', f.name]} label={f.label} style={{ marginBottom: 12 }}>
              <Radio.Group options={USE_OPTIONS} optionType="button" />
            </Form.Item>
          ))}
          <Form.List name={['fields', 'custom']}>
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="start" wrap className="open-link__custom">
                    <Form.Item
                      name={[item.name, 'label']}
                      rules={[{ required: true, message: '请输入字段名称' }]}
                      style={{ marginBottom: 8 }}
                    >
                      <Input placeholder="字段名称，如 工号" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'key']}
                      rules={[{ required: true, pattern: /^[a-z][a-z0-9_]{0,29}$/, message: '小写字母开头' }]}
                      style={{ marginBottom: 8 }}
                    >
                      <Input placeholder="标识，如 staff_no" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'pattern']} style={{ marginBottom: 8 }}>
                      <Input placeholder="校验正则（可选）" style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'hint']} style={{ marginBottom: 8 }}>
                      <Input placeholder="格式提示（可选）" style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'options']} style={{ marginBottom: 8 }}>
                      <Select mode="tags" placeholder="可选项（可选）" style={{ width: 160 }} open={false} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
                      <Checkbox>必填</Checkbox>
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      type="text"
                      danger
                      onClick={() => remove(item.name)}
                      aria-label="删除字段"
                    />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  type="dashed"
                  onClick={() => add({ key: '', label: '', required: false, pattern: null, hint: null, options: [] })}
                  disabled={items.length >= 10}
                >
                  添加自定义字段
                </Button>
              </>
            )}
          </Form.List>

          <Divider titlePlacement="start">验证与限制</Divider>
          <Form.Item
            name="smsVerify"
            label="短信验证手机号"
            valuePropName="checked"
            extra="需已配置短信服务；开启后手机号必填"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="onePer" label="参考次数">
            <Radio.Group
              options={[
                { value: 'none', label: '不限制' },
                { value: 'mobile', label: '每个手机号一次' },
                { value: 'idNumber', label: '每个身份证号一次' },
              ]}
            />
          </Form.Item>
          <Form.Item name="cap" label="报名人数上限" extra="0 表示不限">
            <InputNumber min={0} max={1_000_000} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="invitedText" label="邀请名单" extra="每行一个手机号；留空表示不限制">
            <Input.TextArea rows={3} placeholder={'13800000000\n13900000000'} />
          </Form.Item>
          <Form.Item
            name="accessCode"
            label="访问码"
            extra={link.hasAccessCode ? '已设置访问码；留空保持不变' : '留空表示无需访问码'}
          >
            <Input.Password maxLength={32} placeholder={link.hasAccessCode ? '输入新访问码以替换' : '至少4位'} />
          </Form.Item>
          {link.hasAccessCode && (
            <Form.Item name="clearAccessCode" valuePropName="checked">
              <Checkbox>取消访问码</Checkbox>
            </Form.Item>
          )}

          <Divider titlePlacement="start">个人信息</Divider>
          <Form.Item name="consentText" label="信息收集说明" extra="考生报名前须同意">
            <Input.TextArea rows={2} maxLength={2000} placeholder="所填信息仅用于本次考试的身份核验与成绩通知" />
          </Form.Item>
          <Form.Item
            name="retentionDays"
            label="考生信息保留天数"
            extra="考试结束后按此天数删除考生个人信息；0 表示不自动删除"
          >
            <InputNumber min={0} max={3650} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
