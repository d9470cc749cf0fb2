/**
 * Consoles learn of hand-ins, abandons, voided papers and counted page leaves (切屏) at once (not
 * only at the next periodic snapshot): this consumer relays those events to the live bus. It
 * writes nothing.
 */
import { HAND_KIND_LABELS } from '@exam/contracts';
import { defineConsumer } from '../../../platform/events/index.js';
import { nudge } from './live-bus.js';

export const invigilateLiveConsumer = defineConsumer({
  name: 'exam.invigilate-live',
  events: ['paper.handedIn', 'paper.abandoned', 'paper.voided', 'paper.leftPage'],
  handle: async (event) => {
    const p = event.payload as {
      examId: string | null;
      userId: string;
      handKind?: number;
      reason?: string;
      leaveCount?: number;
    };
    if (!p.examId) return; // a practice paper has no console
    const who = [p.userId];
    if (event.name === 'paper.leftPage') nudge(p.examId, 'leave', `切屏（第 ${p.leaveCount ?? 1} 次）`, who);
    else if (event.name === 'paper.handedIn')
      nudge(p.examId, 'handedIn', `交卷（${HAND_KIND_LABELS[p.handKind ?? 1] ?? '交卷'}）`, who);
    else if (event.name === 'paper.abandoned') nudge(p.examId, 'abandoned', '放弃考试', who);
    else nudge(p.examId, 'voided', `答卷作废：${p.reason ?? ''}`, who);
  },
});
