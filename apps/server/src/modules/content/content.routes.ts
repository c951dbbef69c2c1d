import { BANNER_RENDITION_WIDTHS, contentEndpoints } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../platform/http/app-error';
import { failureEnvelope } from '../../platform/http/envelope';
import type { Registrar } from '../../platform/http/registrar';
import { presentAnnouncements, presentHelp, presentNotice } from './content.presenter';
import type { ContentService } from './content.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const registerContentRoutes = (
  r: Registrar,
  content: ContentService,
  /** Whether the member is on a break or self-excluded now (responsible gaming's `blockedAmong`, decision 0112). */
  blockedNow: (merchantCode: string, memberId: string) => Promise<boolean>,
): void => {
  r.site(contentEndpoints.announcements, async ({ input, ctx }) => {
    const language = content.languageOf(ctx.merchant, input.language ?? ctx.language);
    // execution=B asks for the visitor's list; a member is only a member with a valid token.
    const audience = ctx.member && input.execution !== 'B' ? 'member' : 'visitor';
    // A blocked member gets no marketing whichever list it asks for (the visitor's has promotions and popups too).
    const marketing = !ctx.member || !(await blockedNow(ctx.merchant.code, ctx.member.memberId));
    const rows = await content.announcements(ctx.merchant, { language, types: input.types, audience, marketing });
    return presentAnnouncements(rows);
  });

  r.site(contentEndpoints.agentAnnouncements, async ({ input, ctx }) => {
    const language = content.languageOf(ctx.merchant, input.language ?? ctx.language);
    const { pageNo, pageSize } = input;
    const page = await content.agentAnnouncements(ctx.merchant, { language, pageNo, pageSize });
    return {
      list: page.rows.map(presentNotice),
      pageNo,
      totalPages: Math.max(1, Math.ceil(page.total / pageSize)),
      total: page.total,
    };
  });

  r.site(contentEndpoints.agentAnnouncementsUnread, async ({ input, ctx }) => {
    const language = content.languageOf(ctx.merchant, input.language ?? ctx.language);
    return {
      unread: await content.agentAnnouncementsUnread(ctx.merchant, { language, memberId: ctx.member.memberId }),
    };
  });

  r.site(contentEndpoints.agentAnnouncementsRead, async ({ ctx }) => {
    await content.markAgentAnnouncementsRead(ctx.merchant, ctx.member.memberId);
    return { unread: 0 };
  });

  r.site(contentEndpoints.helpCenter, async ({ input, ctx }) => {
    const language = content.languageOf(ctx.merchant, input.lang ?? ctx.language);
    return presentHelp(await content.help(ctx.merchant, language));
  });
};

/**
 * Serves stored images: immutable by id, with the type they were re-encoded as; `?w=` (one of
 * BANNER_RENDITION_WIDTHS) a narrower rendition for a phone.
 */
export const registerContentImageRoute = (app: FastifyInstance, content: ContentService): void => {
  app.get<{ Params: { id: string }; Querystring: { w?: string } }>(
    '/wps/content/images/:id',
    async (request, reply) => {
      const { w } = request.query;
      const width = w === undefined ? null : Number(w);
      if (width !== null && !BANNER_RENDITION_WIDTHS.some((allowed) => allowed === width)) {
        throw fieldError('w', 'field_invalid');
      }
      const id = request.params.id;
      const image = !UUID.test(id)
        ? null
        : width === null
          ? await content.image(id)
          : await content.imageRendition(id, width);
      if (!image) return reply.status(404).send(failureEnvelope('not_found'));
      return reply
        .header('content-type', image.mediaType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
