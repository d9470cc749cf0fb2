/** The exam form's 远程监考: the mode, and by mode the snapshot interval, the camera rule and the retention. */
import {
  PROCTOR_MODE_LABELS,
  PROCTOR_SNAPSHOT_MAX_SECONDS,
  PROCTOR_SNAPSHOT_MIN_SECONDS,
  type TProctorSetting,
} from '@exam/contracts';
import { Alert, Col, Divider, Form, InputNumber, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ProctorFormValues, proctorIssue } from './proctor-form';

/** What the learner must do for each mode (shown under the mode). */
export const PROCTOR_MODE_HELP: Record<number, string> = {
  0: '考生无需开启摄像头。',
  1: '考生进入考试前须阅读并同意监考告知，开启摄像头按提示完成动作核验（转头、眨眼等）并与录入的人脸比对；未录入人脸的考生在核验时录入。多次未通过时可请求监考员放行。',
  2: '在入场身份核验之外，作答期间须保持摄像头开启，系统在设定的间隔内随机抓拍，离开页面、未检测到人脸、多张人脸时也会抓拍，监考员在监考台查看。',
  3: '在身份核验和随机抓拍之外，考生须用手机扫描考试页面上的二维码打开第二机位，将手机放在侧后方拍摄作答环境。',
};

/** A rule checking one field of the setting against the contract's schema (its own message). */
const schemaRule =
  (field: keyof TProctorSetting): Rule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const issue = proctorIssue(getFieldValue('proctor') as ProctorFormValues, field);
      if (issue) throw new Error(issue);
    },
  });

const seconds = (testId: string) => (
  <InputNumber min={10} max={3600} precision={0} addonAfter="秒" style={{ width: '100%' }} data-testid={testId} />
);

export default function ProctorFields() {
  const mode = (Form.useWatch(['proctor', 'mode']) as number | undefined) ?? 0;
  return (
    <>
      <Divider titlePlacement="start">远程监考</Divider>
      <Row gutter={24}>
        <Col span={10}>
          <Form.Item name={['proctor', 'mode']} label="监考方式" extra={PROCTOR_MODE_HELP[mode]}>
            <Select
              data-testid="exam-proctor-mode"
              options={Object.entries(PROCTOR_MODE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
            />
          </Form.Item>
        </Col>
        {mode >= 1 && (
          <Col span={8}>
            <Form.Item
              name={['proctor', 'retentionDays']}
              label="抓拍保留天数"
              extra="成绩确定后保留的天数，到期自动删除"
              rules={[{ required: true, message: '请输入抓拍保留天数' }, schemaRule('retentionDays')]}
            >
              <InputNumber
                min={1}
                max={3650}
                precision={0}
                addonAfter="天"
                style={{ width: '100%' }}
                data-testid="exam-proctor-retention"
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {mode >= 2 && (
        <Row gutter={24}>
          <Col span={6}>
            <Form.Item
              name={['proctor', 'snapMinSeconds']}
              label="抓拍间隔 最短（秒）"
              tooltip={`默认 ${PROCTOR_SNAPSHOT_MIN_SECONDS} 秒`}
              rules={[{ required: true, message: '请输入抓拍最短间隔' }, schemaRule('snapMinSeconds')]}
            >
              {seconds('exam-proctor-min')}
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name={['proctor', 'snapMaxSeconds']}
              label="抓拍间隔 最长（秒）"
              tooltip={`默认 ${PROCTOR_SNAPSHOT_MAX_SECONDS} 秒；每次抓拍的时间在最短与最长之间随机`}
              dependencies={[['proctor', 'snapMinSeconds']]}
              rules={[{ required: true, message: '请输入抓拍最长间隔' }, schemaRule('snapMaxSeconds')]}
            >
              {seconds('exam-proctor-max')}
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name={['proctor', 'cameraStopBlocks']}
              label="摄像头中断时暂停作答"
              valuePropName="checked"
              tooltip="开启后，考生的摄像头关闭或被占用时不能继续作答，恢复后继续；关闭时仅记录并标记"
            >
              <Switch data-testid="exam-proctor-block" />
            </Form.Item>
          </Col>
        </Row>
      )}
      {mode >= 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="考生的人脸画面只用于核验即时比对，不保存；抓拍仅监考员和复核人可查看，每次查看都会记录。"
        />
      )}
    </>
  );
}
