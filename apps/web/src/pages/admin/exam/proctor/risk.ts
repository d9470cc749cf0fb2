/** Remote proctoring's colours and labels shared by the console and the review queue. Pure, unit-tested. */
import { PROCTOR_FLAG_LABELS, type TProctorFlag, type TTimelineItem } from '@exam/contracts';

/** The risk score's tag colour: none at 0 (no tag), gold above 0, orange from 30, red from 60. */
export function riskColor(score: number): 'red' | 'orange' | 'gold' | null {
  if (score >= 60) return 'red';
  if (score >= 30) return 'orange';
  if (score > 0) return 'gold';
  return null;
}

/** A flag's tag colour: identity problems red, absence orange, the rest (an admission) blue. */
export const FLAG_COLORS: Record<TProctorFlag, string> = {
  'no-face': 'orange',
  faces: 'red',
  mismatch: 'red',
  leave: 'orange',
  'camera-stop': 'orange',
  'second-lost': 'gold',
  'door-failed': 'volcano',
  'door-admitted': 'blue',
};

export const flagLabel = (flag: TProctorFlag): string => PROCTOR_FLAG_LABELS[flag] ?? flag;

/** Options of the 按标记筛选 select, in the contract's order. */
export const FLAG_OPTIONS = (Object.keys(PROCTOR_FLAG_LABELS) as TProctorFlag[]).map((value) => ({
  value,
  label: PROCTOR_FLAG_LABELS[value],
}));

const SNAPSHOT_REASONS: Record<string, string> = {
  random: '随机抓拍',
  leave: '离开页面时抓拍',
  'no-face': '未检测到人脸时抓拍',
  faces: '多张人脸时抓拍',
  mismatch: '人脸不符时抓拍',
  'camera-stop': '摄像头中断时抓拍',
  door: '入场核验',
};
const ACTIONS: Record<string, string> = {
  warn: '监考员警告',
  pause: '监考员暂停作答',
  resume: '监考员恢复作答',
  void: '监考员作废答卷',
  admit: '监考员放行',
};
const KINDS: Record<TTimelineItem['kind'], string> = { snapshot: '抓拍', flag: '标记', door: '入场', action: '操作' };

/** What a timeline line says: a snapshot's reason, a flag's name, an action's name, or the server's text. */
export function itemText(item: TTimelineItem): string {
  if (item.kind === 'snapshot') return SNAPSHOT_REASONS[item.label] ?? item.label;
  if (item.kind === 'action') return ACTIONS[item.label] ?? item.label;
  if (item.kind === 'flag' && item.flag) return flagLabel(item.flag);
  return item.label || KINDS[item.kind];
}

/** The timeline oldest first (newest last), ties in the server's order. */
export const oldestFirst = (items: TTimelineItem[]): TTimelineItem[] =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => Date.parse(a.item.at) - Date.parse(b.item.at) || a.i - b.i)
    .map((x) => x.item);
