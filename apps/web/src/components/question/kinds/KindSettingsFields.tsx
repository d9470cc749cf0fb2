/**
 * The kinds' exam settings in the exam form (多选题计分, 排序题计分…): each kind that has a
 * setting renders its own fields (WebKind.Settings), so the form names no kind.
 */
import { Col } from 'antd';
import { WEB_KINDS } from './registry';
import type { KindSettingsProps } from './types';

export default function KindSettingsFields({ span, ...props }: KindSettingsProps & { span: number }) {
  return WEB_KINDS.map(
    ({ type, Settings }) =>
      Settings && (
        <Col span={span} key={type}>
          <Settings {...props} />
        </Col>
      ),
  );
}
