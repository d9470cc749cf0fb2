/** Answering questions: the renderer of the 7 types and the reveal block. */
export {
  type AnswerValue,
  default as QuestionAnswer,
  type QuestionAnswerProps,
} from './QuestionAnswer';
export { default as RevealBlock, rightAnswerText } from './RevealBlock';
export type { AnswerReveal } from './reveal';
