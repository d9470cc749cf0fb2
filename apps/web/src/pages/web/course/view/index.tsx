/** 课程详情 — built in a later issue; replace this file. */
import UnderConstruction from '../../../../components/UnderConstruction';

export default function WebCourseView() {
  return <UnderConstruction title="课程详情" />;
}
