/** Answering questions: the renderer of the 7 types and the reveal block. */
export {
  type AnswerReveal,
  type AnswerValue,
  default as QuestionAnswer,
  type QuestionAnswerProps,
} from './QuestionAnswer';
export { default as RevealBlock, rightAnswerText } from './RevealBlock';
