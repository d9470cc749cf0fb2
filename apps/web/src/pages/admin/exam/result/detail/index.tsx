/** 考试成绩详情 (/admin/exam/result/detail/:examId): pass rate, distribution, participants, attempts, question analysis, export. */
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { examExamDetail, examResultExport, examResultStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Statistic, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call, callDownload } from '../../../../../api/call';
import { usePermission } from '../../../../../components';
import { formatPercent } from '../../../../../utils/number';
import ScoreChart from './ScoreChart';
import { Attempts, Participants, QuStats } from './Tables';

export default function ExamResultDetail() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const canExport = usePermission('exam:result:export');
  const [tab, setTab] = useState('users');
  const [userId, setUserId] = useState<string | undefined>();
  const stat = useQuery({ queryKey: ['result-stat', examId], queryFn: () => call(examResultStat, { examId }) });
  const exam = useQuery({
    queryKey: ['exam-detail', examId],
    queryFn: () => call(examExamDetail, { id: examId }),
    retry: false,
  });
  const s = stat.data;
  const title = exam.data?.title ?? '考试成绩';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="page-card"
        variant="borderless"
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exam/result')} />
            {title}
          </Space>
        }
        extra={
          canExport && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => callDownload(examResultExport, { examId }, `${title}-成绩.xlsx`)}
            >
              导出成绩
            </Button>
          )
        }
        loading={stat.isLoading}
      >
        {s && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              <Row gutter={[12, 12]}>
                {[
                  ['参考人数', s.participants],
                  ['答卷数', s.attempts],
                  ['已完成', s.finished],
                  ['待阅卷', s.awaitingMark],
                  ['通过人数', s.passedUsers],
                  ['通过率', formatPercent(s.passRate)],
                  ['平均分', s.avgScore ?? '-'],
                  ['最高 / 最低', s.maxScore === null ? '-' : `${s.maxScore} / ${s.minScore}`],
                  ['总分 / 及格', `${s.totalScore} / ${s.passScore}`],
                ].map(([label, value]) => (
                  <Col span={8} key={label as string}>
                    <div className="stat-tile">
                      <Statistic title={label} value={value as string | number} valueStyle={{ fontSize: 20 }} />
                    </div>
                  </Col>
                ))}
              </Row>
            </Col>
            <Col xs={24} lg={14}>
              {s.finished ? (
                <ScoreChart data={s.distribution} passScore={s.passScore} />
              ) : (
                <Empty description="暂无已完成的答卷" style={{ paddingTop: 60 }} />
              )}
            </Col>
          </Row>
        )}
      </Card>
      <Card className="page-card" variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'users',
              label: '参考人员',
              children: (
                <Participants
                  examId={examId}
                  onAttempts={(id) => {
                    setUserId(id);
                    setTab('papers');
                  }}
                />
              ),
            },
            {
              key: 'papers',
              label: '答卷记录',
              children: <Attempts examId={examId} userId={userId} onUser={setUserId} />,
            },
            { key: 'qu', label: '试题分析', children: <QuStats examId={examId} /> },
          ]}
        />
      </Card>
      <style>{'.stat-tile{background:#f6f9ff;border-radius:8px;padding:10px 14px}'}</style>
    </Space>
  );
}
