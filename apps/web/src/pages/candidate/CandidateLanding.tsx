/**
 * 考生首页 (/candidate/<token>): the exam opened by its link — title, window, rules — and the
 * registration: the fields the organiser chose, the SMS code, the access code, the consent, and the
 * captcha once the server asks for it. A registered candidate (its session in the token cookie)
 * sees its own state instead: start, go on answering, or its result. Phone first.
 */
import { ClockCircleOutlined, FileTextOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  CANDIDATE_TOKEN_PREFIX,
  candidateOpenLanding,
  candidateOpenRegister,
  candidateOpenSendCode,
  candidateSelfMe,
  candidateSelfStart,
  ErrorCode,
  isIdNumber,
  isInAppBrowser,
  type TCandidateLanding,
  type TCandidateMe,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, Result, Select, Skeleton, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import type { ApiError } from '../../api/http-errors';
import { getToken, setToken } from '../../utils/auth';
import { formatDateTime } from '../../utils/time';
import { canFullScreen, enterFullscreen } from '../web/exam/fullscreen';

const Captcha = lazy(() => import('./Captcha'));

const STATE_TEXT: Record<TCandidateLanding['state'], string> = {
  'not-started': '未开始',
  open: '进行中',
  ended: '已结束',
  closed: '已关闭',
};

function useSessionFor(examId: string | undefined, version: number) {
  const token = getToken();
  return useQuery({
    queryKey: ['candidate-me', token, examId, version],
    enabled: Boolean(examId && token?.startsWith(CANDIDATE_TOKEN_PREFIX)),
    queryFn: async (): Promise<TCandidateMe | null> => {
      try {
        const me = await call(candidateSelfMe, {}, { silent: true });
        return me.examId === examId ? me : null;
      } catch {
        return null;
      }
    },
  });
}

export default function CandidateLanding({ token }: { token: string }) {
  const landing = useQuery({
    queryKey: ['candidate-landing', token],
    queryFn: () => call(candidateOpenLanding, { token }, { silent: true }),
    retry: false,
  });
  const l = landing.data;
  const [version, setVersion] = useState(0);
  const me = useSessionFor(l?.examId, version);

  useEffect(() => {
    if (l) document.title = `${l.title} - 在线考试`;
  }, [l]);

  if (landing.isLoading || (l && me.isLoading && me.fetchStatus !== 'idle'))
    return (
      <div className="candidate-page">
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  if (!l)
    return (
      <div className="candidate-page">
        <Result status="404" title="考试链接无效或已关闭" subTitle="请向考试组织方确认链接是否正确" />
      </div>
    );
  return (
    <div className="candidate-page">
      <ExamCard landing={l} />
      {me.data ? (
        <Registered token={token} me={me.data} landing={l} />
      ) : l.state === 'open' ? (
        <RegisterForm token={token} landing={l} onRegistered={() => setVersion((v) => v + 1)} />
      ) : (
        <Card className="candidate-card">
          <Result
            status="info"
            title={l.state === 'not-started' ? '考试尚未开始' : l.state === 'ended' ? '考试已结束' : '考试已关闭'}
            subTitle={l.state === 'not-started' ? `开始时间：${formatDateTime(l.startTime)}` : undefined}
          />
        </Card>
      )}
    </div>
  );
}

function ExamCard({ landing: l }: { landing: TCandidateLanding }) {
  const inApp = isInAppBrowser(navigator.userAgent);
  return (
    <Card className="candidate-card candidate-exam" variant="borderless">
      {l.cover && <img className="candidate-exam__cover" src={l.cover} alt="" />}
      <h1 className="candidate-exam__title" data-testid="candidate-title">
        {l.title}
      </h1>
      <Space size={[8, 8]} wrap>
        <Tag color={l.state === 'open' ? 'green' : 'default'}>{STATE_TEXT[l.state]}</Tag>
        {l.totalScore !== null && <Tag>总分 {l.totalScore}</Tag>}
        <Tag>及格 {l.passScore}</Tag>
        <Tag>{l.duration > 0 ? `限时 ${l.duration} 分钟` : '不限时'}</Tag>
      </Space>
      <div className="candidate-exam__row">
        <ClockCircleOutlined /> {formatDateTime(l.startTime)} 至 {formatDateTime(l.endTime)}
      </div>
      {l.content && (
        <div className="candidate-exam__row candidate-exam__content">
          <FileTextOutlined /> {l.content}
        </div>
      )}
      <ul className="candidate-exam__rules">
        <li>请在考试时间内完成作答，作答内容自动保存。</li>
        {l.fullScreen && <li>本场考试需全屏作答，离开考试页面会被记录。</li>}
        {l.leaveLimit > 0 && <li>离开页面超过 {l.leaveLimit} 次将自动交卷。</li>}
        {inApp && l.fullScreen && <li>当前在微信/钉钉内打开，将以专注模式作答，请勿切换到其他页面。</li>}
      </ul>
    </Card>
  );
}

async function startPaper(token: string, fullScreen: boolean, navigate: ReturnType<typeof useNavigate>) {
  if (fullScreen) await enterFullscreen();
  try {
    const created = await call(candidateSelfStart, { canFullScreen: canFullScreen() });
    navigate(`/candidate/${token}/room/${created.paperId}`);
  } catch {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }
}

function Registered({ token, me, landing }: { token: string; me: TCandidateMe; landing: TCandidateLanding }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const handedIn = Boolean(me.paperId && !me.paperOpen);
  return (
    <Card className="candidate-card" data-testid="candidate-registered">
      <Result
        status={handedIn ? 'success' : 'info'}
        icon={handedIn ? undefined : <SafetyCertificateOutlined />}
        title={handedIn ? '您已交卷' : `${me.name ?? '考生'}，您已报名成功`}
        subTitle={
          handedIn ? '可查看本次考试结果' : me.paperOpen ? '您有未完成的答卷，可继续作答' : '准备好后点击开始考试'
        }
        extra={
          handedIn ? (
            <Button
              type="primary"
              size="large"
              block
              onClick={() => navigate(`/candidate/${token}/result/${me.paperId}`)}
            >
              查看结果
            </Button>
          ) : (
            <Button
              type="primary"
              size="large"
              block
              loading={busy}
              disabled={landing.state !== 'open'}
              data-testid="candidate-start"
              onClick={async () => {
                setBusy(true);
                await startPaper(token, me.fullScreen, navigate);
                setBusy(false);
              }}
            >
              {me.paperOpen ? '继续答题' : '开始考试'}
            </Button>
          )
        }
      />
    </Card>
  );
}

interface FormValues {
  name?: string;
  mobile?: string;
  idNumber?: string;
  company?: string;
  custom?: Record<string, string>;
  smsCode?: string;
  accessCode?: string;
  consent?: boolean;
}

function RegisterForm({
  token,
  landing: l,
  onRegistered,
}: {
  token: string;
  landing: TCandidateLanding;
  onRegistered: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(l.captchaNeeded);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [wait, setWait] = useState(0);
  const f = l.fields;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  /** A refusal asking for the captcha shows it; a used one is replaced. */
  const refused = (err: unknown) => {
    const code = (err as ApiError).code;
    if (code === ErrorCode.CAPTCHA_REQUIRED || needCaptcha) {
      setNeedCaptcha(true);
      setCaptcha(null);
      setCaptchaKey((k) => k + 1);
    }
  };

  const sendCode = async () => {
    try {
      const mobile = await form.validateFields(['mobile']).then((v) => v.mobile as string);
      const sent = await call(candidateOpenSendCode, { token, mobile, captcha });
      setWait(sent.resendIn);
      message.success('验证码已发送');
      if (needCaptcha) refused({});
    } catch (err) {
      refused(err);
    }
  };

  const submit = async (values: FormValues) => {
    setBusy(true);
    try {
      const session = await call(candidateOpenRegister, {
        token,
        name: values.name,
        mobile: values.mobile,
        idNumber: values.idNumber,
        company: values.company,
        custom: values.custom ?? {},
        smsCode: values.smsCode,
        accessCode: values.accessCode,
        captcha,
        consent: true,
      });
      setToken(session.token);
      message.success(session.resumed ? '已找回您的报名信息' : '报名成功');
      onRegistered();
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  const req = (use: number, label: string) => (use === 2 ? [{ required: true, message: `请填写${label}` }] : []);

  return (
    <Card className="candidate-card" title="考生信息" data-testid="candidate-register">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional" size="large">
        {f.name > 0 && (
          <Form.Item name="name" label="姓名" rules={req(f.name, '姓名')}>
            <Input maxLength={30} autoComplete="name" placeholder="请输入姓名" />
          </Form.Item>
        )}
        {f.mobile > 0 && (
          <Form.Item
            name="mobile"
            label="手机号"
            rules={[...req(f.mobile, '手机号'), { pattern: /^1[3-9]\d{9}$/, message: '手机号码格式不正确!' }]}
          >
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder="请输入手机号" />
          </Form.Item>
        )}
        {l.smsVerify && (
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="smsCode" noStyle rules={[{ required: true, message: '请输入短信验证码' }]}>
                <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="6位验证码" />
              </Form.Item>
              <Button disabled={wait > 0} onClick={() => void sendCode()} data-testid="candidate-send-code">
                {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        {f.idNumber > 0 && (
          <Form.Item
            name="idNumber"
            label="身份证号"
            rules={[
              ...req(f.idNumber, '身份证号'),
              {
                validator: (_r, v?: string) =>
                  !v || isIdNumber(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error('身份证号不正确，请检查后重新填写')),
              },
            ]}
            validateTrigger="onBlur"
          >
            <Input maxLength={18} placeholder="18位身份证号" />
          </Form.Item>
        )}
        {f.company > 0 && (
          <Form.Item name="company" label="单位" rules={req(f.company, '单位')}>
            <Input maxLength={60} placeholder="请输入单位名称" />
          </Form.Item>
        )}
        {f.custom.map((c) => (
          <Form.Item
            key={c.key}
            name={['custom', c.key]}
            label={c.label}
            rules={[
              ...(c.required ? [{ required: true, message: `请填写${c.label}` }] : []),
              ...(c.pattern
                ? [{ pattern: new RegExp(`^(?:${c.pattern})$`), message: c.hint || `${c.label}格式不正确` }]
                : []),
            ]}
          >
            {c.options.length > 0 ? (
              <Select placeholder={`请选择${c.label}`} options={c.options.map((o) => ({ value: o, label: o }))} />
            ) : (
              <Input maxLength={200} placeholder={c.hint ?? `请输入${c.label}`} />
            )}
          </Form.Item>
        ))}
        {l.needAccessCode && (
          <Form.Item name="accessCode" label="访问码" rules={[{ required: true, message: '请输入访问码' }]}>
            <Input.Password maxLength={32} placeholder="请输入考试组织方提供的访问码" />
          </Form.Item>
        )}
        {l.invitedOnly && (
          <Alert type="info" showIcon message="本场考试仅限受邀手机号参加" style={{ marginBottom: 16 }} />
        )}
        {needCaptcha && (
          <Form.Item label="人机验证" required>
            <Suspense fallback={<Skeleton.Input active size="small" />}>
              <Captcha key={captchaKey} token={token} onSolved={setCaptcha} />
            </Suspense>
          </Form.Item>
        )}
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[
            {
              validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并同意个人信息收集说明'))),
            },
          ]}
        >
          <Checkbox data-testid="candidate-consent">
            我已阅读并同意：{l.consentText || '所填信息仅用于本次考试的身份核验与成绩通知'}
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={busy}
          disabled={needCaptcha && !captcha}
          data-testid="candidate-submit"
        >
          {needCaptcha && !captcha ? '请先完成人机验证' : '报名并进入考试'}
        </Button>
      </Form>
    </Card>
  );
}
