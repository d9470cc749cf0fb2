/** What every SMS sender implements; below sms-sender.ts and the providers it chooses from. */
export interface SmsMessage {
  mobile: string;
  code: string;
}

export interface SmsSender {
  name: string;
  send(message: SmsMessage): Promise<void>;
}

/** A provider refused or could not be reached. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
