/** 分项得分: score by question type and by section, shown with the score. */
import type { TScoreLine } from '@exam/contracts';
import { Card, Col, Progress, Row, Typography } from 'antd';

function Lines({ title, lines, testId }: { title: string; lines: TScoreLine[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <Typography.Text strong>{title}</Typography.Text>
      {lines.map((l) => (
        <div key={l.key} className="score-line">
          <span className="score-line__label">
            {l.label}（{l.count} 题）
          </span>
          <Progress percent={l.total ? Math.round((l.score / l.total) * 100) : 0} showInfo={false} size="small" />
          <span className="score-line__value">
            {l.score} / {l.total}
          </span>
        </div>
      ))}
    </div>
  );
}

export default function ScoreBreakdown({ byType, bySection }: { byType: TScoreLine[]; bySection: TScoreLine[] }) {
  return (
    <Card className="page-card" variant="borderless" title="分项得分">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={12}>
          <Lines title="按题型" lines={byType} testId="score-by-type" />
        </Col>
        <Col xs={24} md={12}>
          <Lines title="按大题" lines={bySection} testId="score-by-section" />
        </Col>
      </Row>
    </Card>
  );
}
