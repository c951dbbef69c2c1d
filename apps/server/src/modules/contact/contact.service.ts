import type { ModuleHost } from '../../platform/modules';
import { createSharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { createFeedbackService } from './feedback.service';

/** Talking to members (issue 30): feedback and complaints. */
export const createContactService = (host: ModuleHost) => {
  const { db, pool } = host.database;
  const limiter = createSharedRateLimiter(db);
  const { members, messages, admin } = host.services;
  return {
    feedback: createFeedbackService({ db, pool, limiter, members, messages, admin }),
  };
};

export type ContactService = ReturnType<typeof createContactService>;
