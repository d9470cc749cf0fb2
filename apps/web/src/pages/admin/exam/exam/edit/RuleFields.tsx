/** The exam form's rules: time, attempts, scoring, after hand-in, anti-cheat. */
import { CYCLE_TYPE_LABELS, labelOptions, RESULT_SHOW_LABELS, REVIEW_AFTER_LABELS } from '@exam/contracts';
import { Col, DatePicker, Divider, Form, InputNumber, Radio, Row, Select, Switch } from 'antd';
import KindSettingsFields from '../../../../../components/question/kinds/KindSettingsFields';
import { timeRangeRule } from '../../../../../utils/validators';

const minutes = (label: string, extra?: string) => (
  <InputNumber
    min={0}
    max={100000}
    precision={0}
    addonAfter="分钟"
    style={{ width: '100%' }}
    placeholder={extra ?? label}
  />
);

/** `locked`: a paper has started, so the pass mark and marking settings cannot change. */
export default function RuleFields({ totalScore, locked = false }: { totalScore: number | null; locked?: boolean }) {
  const lockedTip = locked ? '已有考生开始作答，不能修改' : undefined;
  return (
    <>
      <Divider titlePlacement="start">时间与次数</Divider>
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item name="range" label="考试时间" required rules={[timeRangeRule]}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              placeholder={['开始时间', '结束时间']}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="duration"
            label="考试时长"
            tooltip="0 表示不限时长，考到考试结束时间为止"
            rules={[{ required: true, message: '请输入考试时长' }]}
          >
            {minutes('考试时长')}
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="tryLimit"
            label="允许考试次数"
            tooltip="0 表示不限次数"
            rules={[{ required: true, message: '请输入允许考试次数' }]}
          >
            <InputNumber min={0} max={1000} precision={0} addonAfter="次" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="cycleType" label="考试周期" tooltip="按周期重置考试次数">
            <Select
              options={[
                { value: 0, label: '不循环' },
                ...Object.entries(CYCLE_TYPE_LABELS).map(([v, l]) => ({ value: Number(v), label: l })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="handMinMinutes" label="最早交卷" tooltip="开考多少分钟后才能交卷，0 表示随时">
            {minutes('最早交卷')}
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="lateMinutes" label="最晚入场" tooltip="开始后多少分钟内可以入场，0 表示不限">
            {minutes('最晚入场')}
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">成绩</Divider>
      <Row gutter={24}>
        <Col span={6}>
          <Form.Item
            name="passScore"
            label={`及格分${totalScore !== null ? `（总分 ${totalScore}）` : ''}`}
            rules={[{ required: true, message: '请输入及格分' }]}
            extra={lockedTip}
          >
            <InputNumber
              min={0}
              max={totalScore ?? 100000}
              step={1}
              addonAfter="分"
              style={{ width: '100%' }}
              disabled={locked}
              data-testid="exam-pass-score"
            />
          </Form.Item>
        </Col>
        <KindSettingsFields span={9} disabled={locked} extra={lockedTip} />
        <Col span={9}>
          <Form.Item name="resultShow" label="交卷后显示">
            <Radio.Group
              options={Object.entries(RESULT_SHOW_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
            />
          </Form.Item>
        </Col>
        <Col span={9}>
          <Form.Item
            name="reviewAfter"
            label="答案与解析查看时机"
            tooltip="考生何时能看到正确答案、解析和对错（成绩页、题库、练习、收藏、错题本一律如此）。在此之前，本场考试的题目（及其内容相同的副本）对该考生一律不显示答案；允许多次作答时，选“最后一次作答后”可防止考生放弃一次、看完答案再考"
          >
            <Select options={labelOptions(REVIEW_AFTER_LABELS)} data-testid="exam-review-after" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="showRank"
            label="成绩排名"
            valuePropName="checked"
            tooltip="阅卷完成后，考生在成绩页看到自己的名次（第 N 名 / 共 M 人，同分同名次），不显示其他考生的信息"
          >
            <Switch data-testid="exam-show-rank" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">防作弊</Divider>
      <Row gutter={24}>
        <Col span={4}>
          <Form.Item name="fullScreen" label="强制全屏" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={10}>
          {/* Only meaningful with full screen: devices without the Fullscreen API (iPhone Safari). */}
          <Form.Item noStyle dependencies={['fullScreen']}>
            {({ getFieldValue }) => (
              <Form.Item
                name="allowFocusMode"
                label="不支持全屏的设备"
                tooltip="如 iPhone Safari、微信内置浏览器：允许时以专注模式作答（离开页面仍会记录），不允许时拒绝此类设备参加"
              >
                <Radio.Group
                  disabled={!getFieldValue('fullScreen')}
                  data-testid="exam-allow-focus"
                  options={[
                    { value: true, label: '允许以专注模式作答' },
                    { value: false, label: '不允许' },
                  ]}
                />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="leaveLimit" label="允许切屏次数" tooltip="超过后强制交卷，0 表示不限制">
            <InputNumber min={0} max={1000} precision={0} addonAfter="次" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="noCopy" label="禁止复制粘贴" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="shuffleQu" label="试题乱序" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="shuffleOpt" label="选项乱序" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
