export interface CaughtAddress {
  Name: string;
  Address: string;
}
export interface CaughtMessage {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: CaughtAddress;
  To: CaughtAddress[];
  Cc: CaughtAddress[];
  Bcc: CaughtAddress[];
  ReplyTo: CaughtAddress[];
  Subject: string;
  Created: string;
  Date: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Text: string;
  HTML: string;
}
export function matcher(query: string): (m: CaughtMessage) => boolean;
export function startMailCatcher(o?: { smtpPort?: number; httpPort?: number; host?: string }): Promise<{
  smtpPort: number;
  httpPort: number;
  messages: CaughtMessage[];
  close(): Promise<void>;
}>;
