import {
  type AdminChatConversation,
  adminCannedReplyEndpoints,
  adminChatEndpoints,
  adminContactEndpoints,
  chatEndpoints,
  chatVisitorEndpoints,
  contactEndpoints,
} from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { ConversationRow } from './chat.repository';
import { presentMessage, visitorTopicOf } from './chat.service';
import {
  presentAdminConversation,
  presentAdminFeedback,
  presentCannedReply,
  presentConversation,
  presentFeedback,
} from './contact.presenter';
import type { ContactService } from './contact.service';
import type { FeedbackRow } from './feedback.repository';

/** Feedback (FEEDBACK3) and live chat on the member site, and both on the desk (owner, support). */
export const registerContactRoutes = (r: Registrar, contact: ContactService): void => {
  const { feedback } = contact;
  const present = async (rows: FeedbackRow[]) => {
    const details = await feedback.details(rows.map((row) => row.id));
    return rows.map((row) => presentFeedback(row, details));
  };
  const presentDesk = async (rows: FeedbackRow[]) => {
    const details = await feedback.details(rows.map((row) => row.id));
    return rows.map((row) => presentAdminFeedback(row, details));
  };
  const presentDeskOne = async (row: FeedbackRow) => {
    const [one] = await presentDesk([row]);
    if (!one) throw new Error('feedback not presented');
    return one;
  };

  r.site(contactEndpoints.submitFeedback, async ({ input, files, ctx }) => {
    const [one] = await present([await feedback.submit(ctx.merchant, ctx.member, input, files)]);
    if (!one) throw new Error('feedback not presented');
    return one;
  });

  r.site(contactEndpoints.feedbackList, async ({ input, ctx }) => {
    const { rows, totalPages } = await feedback.listMine(ctx.member, input.pageNo);
    return { list: await present(rows), totalPages };
  });

  r.site(contactEndpoints.feedbackImage, async ({ params, ctx }) =>
    feedback.myImage(ctx.member, params.id, params.imageId),
  );

  r.admin(adminContactEndpoints.feedbackQueue, async ({ input, ctx }) => {
    const { rows, totalPages } = await feedback.queue(ctx.merchant.code, input.status, input.pageNo);
    return { list: await presentDesk(rows), totalPages };
  });

  r.admin(adminContactEndpoints.replyFeedback, async ({ params, input, ctx }) =>
    presentDeskOne(await feedback.reply(ctx.merchant, params.id, input.body, { operator: ctx.operator, caller: ctx })),
  );

  r.admin(adminContactEndpoints.closeFeedback, async ({ params, ctx }) =>
    presentDeskOne(await feedback.close(ctx.merchant, params.id, { operator: ctx.operator, caller: ctx })),
  );

  r.admin(adminContactEndpoints.feedbackImage, async ({ params, ctx }) =>
    feedback.deskImage(ctx.merchant.code, params.id, params.imageId),
  );

  const { chat } = contact;
  const memberThread = async (thread: {
    conversation: ConversationRow;
    messages: Parameters<typeof presentMessage>[0][];
  }) => {
    const unread = await chat.unread([thread.conversation], 'member');
    return {
      conversation: presentConversation(thread.conversation, unread.get(thread.conversation.id) ?? 0),
      messages: thread.messages.map(presentMessage),
    };
  };
  const deskConversations = async (rows: readonly ConversationRow[]) => {
    const [unread, timings] = await Promise.all([chat.unread(rows, 'desk'), chat.timings(rows)]);
    return rows.map((row) => presentAdminConversation(row, unread.get(row.id) ?? 0, timings.get(row.id)));
  };
  const deskConversation = async (row: ConversationRow) => (await deskConversations([row]))[0] as AdminChatConversation;
  const deskThread = async (thread: {
    conversation: ConversationRow;
    messages: Parameters<typeof presentMessage>[0][];
  }) => ({
    conversation: await deskConversation(thread.conversation),
    messages: thread.messages.map(presentMessage),
  });

  r.site(chatEndpoints.current, async ({ input, ctx }) => {
    const thread = await chat.current(ctx.member, input.afterSeq);
    return thread ? memberThread(thread) : null;
  });
  r.site(chatEndpoints.send, async ({ input, ctx }) =>
    memberThread(await chat.memberSend(ctx.merchant, ctx.member, input)),
  );
  r.site(chatEndpoints.sendImage, async ({ input, files, ctx }) =>
    memberThread(await chat.memberSend(ctx.merchant, ctx.member, input, files)),
  );
  r.site(chatEndpoints.attachment, async ({ params, ctx }) => chat.memberAttachment(ctx.member, params.id));
  r.site(chatEndpoints.typing, async ({ ctx }) => {
    await chat.memberTyping(ctx.member);
    return null;
  });
  r.site(chatVisitorEndpoints.typing, async ({ input, ctx }) => {
    await chat.visitorTyping(ctx.merchant, input.key);
    return null;
  });
  r.site(chatEndpoints.read, async ({ input, ctx }) => ({ unread: await chat.memberRead(ctx.member, input.seq) }));

  const visitorThread = async (thread: {
    conversation: ConversationRow;
    messages: Parameters<typeof presentMessage>[0][];
  }) => {
    const hash = thread.conversation.visitorKeyHash;
    if (!hash) throw new Error('not a visitor conversation');
    return { ...(await memberThread(thread)), topic: visitorTopicOf(hash) };
  };
  r.site(chatVisitorEndpoints.current, async ({ input, ctx }) => {
    const thread = await chat.visitorCurrent(ctx.merchant, input.key, input.afterSeq);
    return thread ? visitorThread(thread) : null;
  });
  r.site(chatVisitorEndpoints.send, async ({ input, ctx }) =>
    visitorThread(await chat.visitorSend(ctx.merchant, input.key, input, ctx)),
  );
  r.site(chatVisitorEndpoints.sendImage, async ({ input, files, ctx }) => {
    const { key, ...sent } = input;
    return visitorThread(await chat.visitorSend(ctx.merchant, key, sent, ctx, files));
  });
  r.site(chatVisitorEndpoints.attachment, async ({ params, input, ctx }) =>
    chat.visitorAttachment(ctx.merchant, input.key, params.id),
  );
  r.site(chatVisitorEndpoints.read, async ({ input, ctx }) => ({
    unread: await chat.visitorRead(ctx.merchant, input.key, input.seq),
  }));
  r.site(chatVisitorEndpoints.adopt, async ({ input, ctx }) => {
    const thread = await chat.adopt(ctx.merchant, ctx.member, input.key);
    return thread ? memberThread(thread) : null;
  });

  r.admin(adminChatEndpoints.list, async ({ input, ctx }) => {
    return deskConversations(await chat.list(ctx.merchant.code, input.status));
  });
  r.admin(adminChatEndpoints.thread, async ({ params, input, ctx }) =>
    deskThread(await chat.thread(ctx.merchant.code, params.id, input.afterSeq)),
  );
  r.admin(adminChatEndpoints.claim, async ({ params, ctx }) =>
    deskConversation(await chat.claim(ctx.merchant, params.id, { operator: ctx.operator, caller: ctx })),
  );
  r.admin(adminChatEndpoints.send, async ({ params, input, ctx }) =>
    deskThread(await chat.deskSend(ctx.merchant, params.id, ctx.operator, input)),
  );
  r.admin(adminChatEndpoints.sendImage, async ({ params, input, files, ctx }) =>
    deskThread(await chat.deskSend(ctx.merchant, params.id, ctx.operator, input, files)),
  );
  r.admin(adminChatEndpoints.attachment, async ({ params, ctx }) =>
    chat.deskAttachment(ctx.merchant.code, params.id, params.attachmentId),
  );
  r.admin(adminChatEndpoints.read, async ({ params, input, ctx }) =>
    deskConversation(await chat.deskRead(ctx.merchant.code, params.id, input.seq)),
  );
  r.admin(adminChatEndpoints.desk, async ({ ctx }) =>
    (await chat.desk(ctx.merchant.code)).map((row) => ({
      id: row.id,
      username: row.username,
      displayName: row.displayName,
    })),
  );
  r.admin(adminChatEndpoints.transfer, async ({ params, input, ctx }) =>
    deskConversation(
      await chat.transfer(ctx.merchant, params.id, input.operatorId, { operator: ctx.operator, caller: ctx }),
    ),
  );
  r.admin(adminChatEndpoints.resolve, async ({ params, ctx }) =>
    deskConversation(await chat.resolve(ctx.merchant, params.id, { operator: ctx.operator, caller: ctx })),
  );

  const { cannedReplies } = contact;
  r.admin(adminCannedReplyEndpoints.list, async ({ ctx }) =>
    (await cannedReplies.list(ctx.merchant.code)).map(presentCannedReply),
  );
  r.admin(adminCannedReplyEndpoints.create, async ({ input, ctx }) =>
    presentCannedReply(await cannedReplies.create(ctx.merchant, input, { operator: ctx.operator, caller: ctx })),
  );
  r.admin(adminCannedReplyEndpoints.update, async ({ params, input, ctx }) =>
    presentCannedReply(
      await cannedReplies.update(ctx.merchant, params.id, input, { operator: ctx.operator, caller: ctx }),
    ),
  );
  r.admin(adminCannedReplyEndpoints.remove, async ({ params, ctx }) => {
    await cannedReplies.remove(ctx.merchant, params.id, { operator: ctx.operator, caller: ctx });
    return null;
  });
};
