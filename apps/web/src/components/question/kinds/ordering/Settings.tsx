/** 排序题's exam setting (loaded lazily in the exam form): its partial credit. */
import { labelOptions, ORDER_POLICY_LABELS } from '@exam/contracts';
import { Form, Select } from 'antd';
import type { KindSettingsProps } from '../types';

export default function OrderingSettings({ disabled, extra }: KindSettingsProps) {
  return (
    <Form.Item name={['kindSettings', '7', 'policy']} label="排序题计分" extra={extra}>
      <Select disabled={disabled} options={labelOptions(ORDER_POLICY_LABELS)} data-testid="order-policy" />
    </Form.Item>
  );
}
