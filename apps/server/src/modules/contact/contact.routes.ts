import { adminContactEndpoints, contactEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { presentAdminFeedback, presentFeedback } from './contact.presenter';
import type { ContactService } from './contact.service';
import type { FeedbackRow } from './feedback.repository';

/** Feedback on the member site (FEEDBACK3) and on the desk (owner, support). */
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
};
