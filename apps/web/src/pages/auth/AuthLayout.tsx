/** Split layout of the sign-in pages: product hero with an illustration on the left, the form on the right. */
import { BookOutlined, FormOutlined, ReadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useAppStore } from '../../stores/app';

const FEATURES = [
  { icon: <FormOutlined />, text: '在线考试 · 防作弊监考' },
  { icon: <ReadOutlined />, text: '题库训练 · 错题巩固' },
  { icon: <BookOutlined />, text: '课程学习 · 进度追踪' },
  { icon: <SafetyCertificateOutlined />, text: '证书颁发 · 成绩分析' },
];

function Illustration() {
  return (
    <svg className="auth-hero__art" viewBox="0 0 420 320" aria-hidden="true">
      <defs>
        <linearGradient id="paper" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#e6f4ff" stopOpacity="0.9" />
        </linearGradient>
      </defs>
      <circle cx="300" cy="170" r="150" fill="#ffffff" opacity="0.08" />
      <rect x="90" y="60" width="220" height="250" rx="16" fill="url(#paper)" />
      <rect x="118" y="92" width="120" height="14" rx="7" fill="#1677ff" opacity="0.8" />
      {[130, 172, 214].map((y) => (
        <g key={y}>
          <circle cx="126" cy={y + 6} r="8" fill="none" stroke="#1677ff" strokeWidth="3" />
          <rect x="144" y={y} width="140" height="10" rx="5" fill="#bae0ff" />
          <rect x="144" y={y + 18} width="96" height="8" rx="4" fill="#e6f4ff" />
        </g>
      ))}
      <path d="M120 136 l5 5 l9 -11" stroke="#52c41a" strokeWidth="4" fill="none" strokeLinecap="round" />
      <rect x="250" y="40" width="120" height="84" rx="12" fill="#ffffff" opacity="0.92" />
      <text x="268" y="76" fontSize="28" fontWeight="700" fill="#1677ff">
        98
      </text>
      <text x="310" y="76" fontSize="13" fill="#8c8c8c">
        分
      </text>
      <rect x="268" y="92" width="84" height="8" rx="4" fill="#d9f7be" />
      <rect x="268" y="92" width="64" height="8" rx="4" fill="#52c41a" />
    </svg>
  );
}

export default function AuthLayout({ children }: { children: ReactNode }) {
  const site = useAppStore((s) => s.site);
  return (
    <div className="auth-page">
      <section className="auth-hero">
        <div className="auth-hero__brand">
          <img src={site.frontLogo || '/favicon.svg'} alt="logo" />
          <span>{site.siteName}</span>
        </div>
        <div>
          <h1 className="auth-hero__title">
            随时随地，
            <br />
            在线学习、练习与考试
          </h1>
          <div className="auth-hero__desc">
            面向学校、企业与培训机构的一站式考试培训平台：组卷、发布、监考、阅卷、成绩分析全流程在线完成。
          </div>
          <div className="auth-hero__features">
            {FEATURES.map((f) => (
              <div className="auth-hero__feature" key={f.text}>
                {f.icon}
                <span>{f.text}</span>
              </div>
            ))}
          </div>
        </div>
        <div className="auth-hero__foot">{site.copyRight || `© ${new Date().getFullYear()} ${site.siteName}`}</div>
        <Illustration />
      </section>
      <section className="auth-panel">
        <div className="auth-card">{children}</div>
      </section>
    </div>
  );
}

export function AuthTitle({ title, sub }: { title: string; sub: string }) {
  const site = useAppStore((s) => s.site);
  return (
    <>
      <div className="auth-card__logo">
        <img src={site.frontLogo || '/favicon.svg'} alt="logo" />
        <strong>{site.siteName}</strong>
      </div>
      <h2>{title}</h2>
      <div className="auth-card__sub">{sub}</div>
    </>
  );
}
