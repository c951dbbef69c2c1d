import { defineModule } from '../../platform/modules';
import { createOutboxSender, type MessageSender } from './message-sender';
import { createVerificationRepository } from './verification.repository';
import { createVerificationService, type VerificationService } from './verification.service';
import { registerVerificationAdminRoutes } from './verification-admin.routes';

export { createOutboxSender, type MessageSender, type OutgoingMessage } from './message-sender';
export {
  type CodePurpose,
  createVerificationService,
  phoneRecipient,
  type VerificationService,
} from './verification.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Codes sent by e-mail or SMS, and `sender`, the outbox every member message leaves through. */
    verification: VerificationService & { sender: MessageSender };
  }
}

export const verificationModule = defineModule({
  name: 'verification',
  create: ({ database, services, config, log }) => {
    // Tests hand their own sender (`buildApp`'s `messageSender`). In development the outbox also prints each
    // message (codes included) to the log; never in production.
    const sender =
      (config.messageSender as MessageSender | undefined) ??
      createOutboxSender(database.pool, config.NODE_ENV === 'development' ? (line) => log.info(line) : undefined);
    const service = createVerificationService(
      database.pool,
      createVerificationRepository(database.pool),
      sender,
      services.limiter,
    );
    return Object.assign(service, { sender });
  },
  routes: (registrar, verification) => registerVerificationAdminRoutes(registrar, verification),
});
