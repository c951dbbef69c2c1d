import { CHAT_VISITOR_TOPIC } from '@tessera/contracts';
import type { ModuleHost } from '../../platform/modules';
import { createSharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { createCannedRepliesService } from './canned-replies.service';
import { createChatService } from './chat.service';
import { createFeedbackService } from './feedback.service';

/** Talking to members (issue 30): feedback and complaints, live chat and its canned replies. */
export const createContactService = (host: ModuleHost) => {
  const { pool } = host.database;
  const limiter = createSharedRateLimiter(pool);
  const { members, messages, admin } = host.services;
  // Visitors' conversations are pushed on `chatv:<token>`; the token comes only with the visitor's own thread.
  host.realtime.defineTopic(CHAT_VISITOR_TOPIC, { access: 'public' });
  return {
    feedback: createFeedbackService({ pool, limiter, members, messages, admin }),
    chat: createChatService({ pool, limiter, members, admin, realtime: host.realtime }),
    cannedReplies: createCannedRepliesService({ pool, admin }),
  };
};

export type ContactService = ReturnType<typeof createContactService>;
