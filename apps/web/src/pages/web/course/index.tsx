/** 课程学习 — built in a later issue; replace this file. */
import UnderConstruction from '../../../components/UnderConstruction';

export default function WebCourse() {
  return <UnderConstruction title="课程学习" />;
}
