/** How the HTTP clients tell the user about errors; replaceable in tests. */
import { message } from 'antd';

export const ERROR_DURATION = 5;

type Notifier = (text: string) => void;

let errorNotifier: Notifier = (text) => {
  message.error({ content: text, duration: ERROR_DURATION });
};
let successNotifier: Notifier = (text) => {
  message.success(text);
};

export const notifyError = (text: string): void => errorNotifier(text);
export const notifySuccess = (text: string): void => successNotifier(text);

export function setNotifiers(next: { error?: Notifier; success?: Notifier }): void {
  if (next.error) errorNotifier = next.error;
  if (next.success) successNotifier = next.success;
}
