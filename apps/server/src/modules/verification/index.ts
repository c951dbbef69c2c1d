export { createOutboxSender, type MessageSender, type OutgoingMessage } from './message-sender';
export { createVerificationRepository } from './verification.repository';
export { outboxMessages, verificationCodes } from './verification.schema';
export {
  type CodePurpose,
  createVerificationService,
  phoneRecipient,
  type VerificationService,
} from './verification.service';
