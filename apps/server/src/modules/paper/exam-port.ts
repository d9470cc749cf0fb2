/**
 * Port: what a paper template needs of the exams. Exams are the exam module's, which stands above
 * paper, so paper may not read them; a template used by an exam cannot be deleted.
 * modules/index.ts hands in exam's `templateExams` (exam/exam-facts.ts) at load; an unfilled port throws.
 */
import type { Executor } from '../../platform/db.js';

/** The exams not deleted that use one of the templates, with their titles. */
export type TemplateExams = (db: Executor, tmplIds: readonly string[]) => Promise<{ tmplId: string; title: string }[]>;

let source: TemplateExams | null = null;

/** Called once at load by modules/index.ts with exam's `templateExams`. */
export function provideTemplateExams(fn: TemplateExams): void {
  source = fn;
}

/** The filled port; throws while nothing was handed in. */
export function templateExams(): TemplateExams {
  if (!source) throw new Error('exam-port: no template-use reader was provided (modules/index.ts)');
  return source;
}
