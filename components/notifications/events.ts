/** Window event the order chat dispatches after marking messages read: detail = { marked: number }. */
export const MESSAGES_READ_EVENT = 'shop:messages-read';
