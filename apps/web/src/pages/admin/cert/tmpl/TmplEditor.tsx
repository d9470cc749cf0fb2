/** The template designer: settings on the left, the page in the middle, the selected field's style. */
import { DeleteOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CERT_BORDER_LABELS,
  CERT_BORDERS,
  CERT_FIELD_KINDS,
  CERT_FIELD_LABELS,
  certTmplSave,
  examExamPaging,
  type TCertField,
  type TCertTmplSave,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, ColorPicker, Form, Input, InputNumber, Modal, Radio, Select, Slider, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../../api/call';
import { certTmplApi } from '../../../../api/cert';
import { uploadFile } from '../../../../api/system';
import DesignCanvas from './DesignCanvas';

const DEFAULT_FIELDS: TCertField[] = [
  { kind: 'text', x: 0.1, y: 0.12, width: 0.8, fontSize: 40, color: '#a61d24', align: 'center', text: '荣誉证书' },
  { kind: 'realName', x: 0.1, y: 0.33, width: 0.8, fontSize: 32, color: '#222222', align: 'center' },
  { kind: 'achievement', x: 0.1, y: 0.47, width: 0.8, fontSize: 18, color: '#333333', align: 'center' },
  { kind: 'issueDate', x: 0.55, y: 0.72, width: 0.3, fontSize: 14, color: '#333333', align: 'right' },
  { kind: 'certNo', x: 0.06, y: 0.88, width: 0.4, fontSize: 11, color: '#666666', align: 'left' },
  { kind: 'qrcode', x: 0.84, y: 0.75, width: 0.1, fontSize: 12, color: '#000000', align: 'left' },
];

export const emptyTmpl = (): TCertTmplSave => ({
  title: '',
  orientation: 'landscape',
  bgFileId: null,
  issuerName: null,
  sealFileId: null,
  border: 'classic',
  prefix: 'CERT',
  validMonths: 0,
  fields: DEFAULT_FIELDS,
  rules: [],
});

/** Where a newly uploaded seal lands when the template has no seal field yet: right of centre, low. */
const SEAL_FIELD: TCertField = {
  kind: 'seal',
  x: 0.6,
  y: 0.58,
  width: 0.14,
  fontSize: 12,
  color: '#000000',
  align: 'center',
};

/** The inline hint under 模板名称, or none (no server message, no uncaught rejection). */
export function tmplTitleError(title: string): string | undefined {
  return title.trim() ? undefined : '请输入模板名称';
}

interface Props {
  value: TCertTmplSave | null;
  onClose: (saved: boolean) => void;
}

export default function TmplEditor({ value, onClose }: Props) {
  const { message } = App.useApp();
  const [tmpl, setTmpl] = useState<TCertTmplSave>(value ?? emptyTmpl());
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  /** Save was pressed: the form shows its hints from then on. */
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    setTmpl(value ?? emptyTmpl());
    setSelected(null);
    setChecked(false);
  }, [value]);
  const titleError = checked ? tmplTitleError(tmpl.title) : undefined;
  const exams = useQuery({
    queryKey: ['cert-exam-options'],
    queryFn: () => call(examExamPaging, { current: 1, size: 200, params: {} }),
    enabled: Boolean(value),
  });
  const set = (patch: Partial<TCertTmplSave>) => setTmpl((t) => ({ ...t, ...patch }));
  const setField = (i: number, patch: Partial<TCertField>) =>
    setTmpl((t) => ({ ...t, fields: t.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));
  const addField = (kind: TCertField['kind']) => {
    const f: TCertField = {
      kind,
      x: 0.35,
      y: 0.6,
      width: kind === 'qrcode' || kind === 'seal' ? 0.12 : 0.3,
      fontSize: 16,
      color: '#333333',
      align: 'center',
      text: kind === 'text' ? '固定文字' : null,
    };
    setTmpl((t) => ({ ...t, fields: [...t.fields, f] }));
    setSelected(tmpl.fields.length);
  };
  const save = async () => {
    setChecked(true);
    if (tmplTitleError(tmpl.title)) return;
    setSaving(true);
    try {
      await call(certTmplSave, tmpl);
      message.success('保存成功');
      onClose(true);
    } catch {
      // the client has shown the server's message; the form stays open
    } finally {
      setSaving(false);
    }
  };
  const showPreview = async () => {
    try {
      setPreview(await certTmplApi.preview(tmpl));
    } catch {
      // shown by the client
    }
  };
  const f = selected !== null ? tmpl.fields[selected] : null;
  const examIds = tmpl.rules.filter((r) => r.kind === 'exam').map((r) => r.refId);

  return (
    <Modal
      open={Boolean(value)}
      title={tmpl.id ? '编辑证书模板' : '新建证书模板'}
      width="min(1280px, 98vw)"
      onCancel={() => onClose(false)}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<EyeOutlined />} onClick={showPreview}>
            预览 PDF
          </Button>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Form layout="vertical" style={{ width: 240 }}>
          <Form.Item
            label="模板名称"
            required
            validateStatus={titleError ? 'error' : undefined}
            help={titleError}
            data-testid="cert-tmpl-title"
          >
            <Input
              value={tmpl.title}
              status={titleError ? 'error' : undefined}
              maxLength={100}
              onChange={(e) => set({ title: e.target.value })}
              placeholder="如：安全生产合格证"
            />
          </Form.Item>
          <Form.Item label="纸张方向（A4）">
            <Radio.Group value={tmpl.orientation} onChange={(e) => set({ orientation: e.target.value })}>
              <Radio.Button value="landscape">横向</Radio.Button>
              <Radio.Button value="portrait">纵向</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="发证机构" htmlFor="cert-tmpl-issuer">
            <Input
              id="cert-tmpl-issuer"
              value={tmpl.issuerName ?? ''}
              maxLength={100}
              onChange={(e) => set({ issuerName: e.target.value })}
              placeholder="如：某某公司培训中心"
            />
          </Form.Item>
          <Form.Item label="边框样式" htmlFor="cert-tmpl-border">
            <Select
              id="cert-tmpl-border"
              value={tmpl.border}
              options={CERT_BORDERS.map((b) => ({ value: b, label: CERT_BORDER_LABELS[b] }))}
              onChange={(border) => set({ border })}
            />
          </Form.Item>
          <Form.Item label="印章图片（PNG，透明底）">
            <Space wrap>
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                beforeUpload={async (file) => {
                  const up = await uploadFile(file);
                  setTmpl((t) => ({
                    ...t,
                    sealFileId: up.id,
                    fields: t.fields.some((x) => x.kind === 'seal') ? t.fields : [...t.fields, SEAL_FIELD],
                  }));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="cert-seal-upload">
                  上传印章
                </Button>
              </Upload>
              {tmpl.sealFileId && (
                <Button
                  onClick={() =>
                    setTmpl((t) => ({ ...t, sealFileId: null, fields: t.fields.filter((x) => x.kind !== 'seal') }))
                  }
                >
                  移除印章
                </Button>
              )}
            </Space>
          </Form.Item>
          <Form.Item label="背景图片（PNG/JPEG）">
            <Space wrap>
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                beforeUpload={async (file) => {
                  const up = await uploadFile(file);
                  set({ bgFileId: up.id });
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>上传</Button>
              </Upload>
              {tmpl.bgFileId && <Button onClick={() => set({ bgFileId: null })}>移除</Button>}
            </Space>
          </Form.Item>
          <Form.Item label="编号前缀">
            <Input value={tmpl.prefix} onChange={(e) => set({ prefix: e.target.value.toUpperCase() })} />
          </Form.Item>
          <Form.Item label="有效期（月，0 为长期有效）">
            <InputNumber min={0} max={1200} value={tmpl.validMonths} onChange={(v) => set({ validMonths: v ?? 0 })} />
          </Form.Item>
          <Form.Item label="通过以下考试自动发证">
            <Select
              mode="multiple"
              allowClear
              placeholder="选择考试"
              loading={exams.isLoading}
              value={examIds}
              options={(exams.data?.records ?? []).map((e) => ({ value: e.id, label: e.title }))}
              optionFilterProp="label"
              onChange={(ids: string[]) =>
                set({
                  rules: [
                    ...tmpl.rules.filter((r) => r.kind !== 'exam'),
                    ...ids.map((refId) => ({ kind: 'exam' as const, refId })),
                  ],
                })
              }
            />
          </Form.Item>
        </Form>
        <div style={{ flex: 1, minWidth: 300 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <span>添加字段：</span>
            {CERT_FIELD_KINDS.map((k) => (
              <Button key={k} size="small" onClick={() => addField(k)}>
                {CERT_FIELD_LABELS[k]}
              </Button>
            ))}
          </Space>
          <DesignCanvas
            orientation={tmpl.orientation}
            bgUrl={tmpl.bgFileId ? `/api/common/file/${tmpl.bgFileId}` : null}
            sealUrl={tmpl.sealFileId ? `/api/common/file/${tmpl.sealFileId}` : null}
            border={tmpl.border}
            issuerName={tmpl.issuerName ?? ''}
            fields={tmpl.fields}
            selected={selected}
            width={tmpl.orientation === 'landscape' ? 680 : 420}
            onSelect={setSelected}
            onMove={(i, x, y) => setField(i, { x, y })}
          />
          <div style={{ color: '#8c8c8c', marginTop: 8 }}>拖动字段调整位置；画布中的文字为示例数据。</div>
        </div>
        <Form layout="vertical" style={{ width: 220 }} data-testid="cert-field-panel">
          {f && selected !== null ? (
            <>
              <h4>{CERT_FIELD_LABELS[f.kind]}</h4>
              {f.kind === 'text' && (
                <Form.Item label="文字内容">
                  <Input.TextArea
                    rows={2}
                    value={f.text ?? ''}
                    onChange={(e) => setField(selected, { text: e.target.value })}
                  />
                </Form.Item>
              )}
              {f.kind !== 'qrcode' && f.kind !== 'seal' && (
                <>
                  <Form.Item label="字号">
                    <InputNumber
                      min={6}
                      max={120}
                      value={f.fontSize}
                      onChange={(v) => setField(selected, { fontSize: v ?? 16 })}
                    />
                  </Form.Item>
                  <Form.Item label="颜色">
                    <ColorPicker
                      value={f.color}
                      onChange={(c) => setField(selected, { color: c.toHexString().slice(0, 7) })}
                      showText
                    />
                  </Form.Item>
                  <Form.Item label="对齐">
                    <Radio.Group value={f.align} onChange={(e) => setField(selected, { align: e.target.value })}>
                      <Radio.Button value="left">左</Radio.Button>
                      <Radio.Button value="center">中</Radio.Button>
                      <Radio.Button value="right">右</Radio.Button>
                    </Radio.Group>
                  </Form.Item>
                </>
              )}
              <Form.Item label={f.kind === 'qrcode' || f.kind === 'seal' ? '大小' : '宽度'}>
                <Slider
                  min={0.04}
                  max={1}
                  step={0.01}
                  value={f.width}
                  onChange={(v) => setField(selected, { width: v, x: Math.min(f.x, 1 - v) })}
                />
              </Form.Item>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => {
                  setTmpl((t) => ({ ...t, fields: t.fields.filter((_, j) => j !== selected) }));
                  setSelected(null);
                }}
              >
                删除字段
              </Button>
            </>
          ) : (
            <div style={{ color: '#8c8c8c' }}>点击画布中的字段以设置字号、颜色和对齐。</div>
          )}
        </Form>
      </div>
      <Modal
        open={Boolean(preview)}
        onCancel={() => setPreview(null)}
        footer={null}
        width="min(1000px, 96vw)"
        title="证书预览（示例数据）"
        destroyOnHidden
      >
        {preview && <iframe title="证书预览" src={preview} style={{ width: '100%', height: '70vh', border: 0 }} />}
      </Modal>
    </Modal>
  );
}
