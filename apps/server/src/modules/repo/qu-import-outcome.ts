/**
 * What an import that writes nothing answers: never 操作成功. A confirmed import whose file gives
 * no question, whose errors stop it (all or nothing) or whose questions all have errors is refused
 * (10010001) with the report as data and a message saying why and what to do: fix the file, or
 * tick 只导入正确的试题 to import the valid ones the report counts.
 */
import { ErrorCode, type TImportIssue, type TQuImportResult } from '@exam/contracts';
import { AppError } from '../../platform/errors.js';

const where = (e: TImportIssue) => `${e.place ?? `第${e.row}行`}${e.column ? `「${e.column}」` : ''}：${e.reason}`;

/** The message of an import that wrote nothing (report.imported is 0). */
export function nothingImportedMessage(report: TQuImportResult, onlyValid: boolean): string {
  const skipped = report.skipped.length;
  if (report.total === 0) {
    const first = report.skipped[0];
    return skipped
      ? `未导入任何试题：文件中的 ${skipped} 项都不能导入（如 ${first.place}：${first.reason}），请查看“跳过”中的原因`
      : '未导入任何试题：文件中没有识别到试题，请检查文件内容和所选格式，或下载导入模板对照填写';
  }
  const errors = report.errors.length;
  const first = report.errors[0] ? `，第一处 ${where(report.errors[0])}` : '';
  if (onlyValid || report.valid === 0)
    return `未导入任何试题：${report.total} 道试题都有错误（共 ${errors} 处${first}），请按“错误”中的原因修改文件后重新导入`;
  return `未导入任何试题：发现 ${errors} 处错误${first}。有错误时默认全部不导入：请修改文件后重新导入，或勾选“只导入正确的试题”导入其余 ${report.valid} 道`;
}

/** The refusal of an import that wrote nothing: the message and, as data, the report. */
export const nothingImported = (report: TQuImportResult, onlyValid: boolean): AppError =>
  new AppError(ErrorCode.BAD_PARAMS, nothingImportedMessage(report, onlyValid), report);
