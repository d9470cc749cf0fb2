/** 多选题's exam setting (loaded lazily in the exam form): its partial credit. */
import { labelOptions, MULTI_POLICY_LABELS } from '@exam/contracts';
import { Form, Select } from 'antd';
import type { KindSettingsProps } from '../types';

export default function MultipleSettings({ disabled, extra }: KindSettingsProps) {
  return (
    <Form.Item name={['kindSettings', '2', 'policy']} label="多选题计分" extra={extra}>
      <Select disabled={disabled} options={labelOptions(MULTI_POLICY_LABELS)} data-testid="multi-policy" />
    </Form.Item>
  );
}
