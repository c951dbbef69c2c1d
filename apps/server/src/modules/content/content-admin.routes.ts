import { adminContentEndpoints } from '@tessera/contracts';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MerchantsService } from '../merchants';
import { presentContentItem, presentImage } from './content.presenter';
import type { ContentService } from './content.service';

/** Site content per merchant and language: content editors and owners write, and every change is audited. */
export const registerContentAdminRoutes = (
  r: Registrar,
  deps: { admin: AdminService; content: ContentService; merchants: MerchantsService },
): void => {
  const { admin, content } = deps;

  const actorOf = (ctx: AdminContext) => ({ operator: ctx.operator, caller: ctx });

  r.admin(adminContentEndpoints.listContent, async ({ input, ctx }) => {
    const { merchant } = ctx;
    return (await content.list(merchant.code, input.language, input.kind)).map(presentContentItem);
  });

  r.admin(adminContentEndpoints.createContent, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const row = await content.create(merchant.code, input);
    await admin.audit(actorOf(ctx), {
      action: 'content.create',
      target: row.id,
      merchantCode: merchant.code,
      details: { kind: row.kind, language: row.language, after: input },
    });
    return presentContentItem(row);
  });

  r.admin(adminContentEndpoints.updateContent, async ({ params, input, ctx }) => {
    const { merchant } = ctx;
    const before = (await content.list(merchant.code, input.language)).find((item) => item.id === params.id);
    const row = await content.update(merchant.code, params.id, input);
    await admin.audit(actorOf(ctx), {
      action: 'content.update',
      target: row.id,
      merchantCode: merchant.code,
      details: {
        kind: row.kind,
        language: row.language,
        before: before ? presentContentItem(before) : null,
        after: input,
      },
    });
    return presentContentItem(row);
  });

  r.admin(adminContentEndpoints.deleteContent, async ({ params, ctx }) => {
    const { merchant } = ctx;
    const row = await content.remove(merchant.code, params.id);
    await admin.audit(actorOf(ctx), {
      action: 'content.delete',
      target: row.id,
      merchantCode: merchant.code,
      details: { kind: row.kind, language: row.language, before: presentContentItem(row) },
    });
    return { id: row.id };
  });

  r.admin(adminContentEndpoints.uploadImage, async ({ input, ctx }) => {
    const { merchant } = ctx;
    const image = await content.uploadImage(merchant.code, Buffer.from(input.dataBase64, 'base64'));
    await admin.audit(actorOf(ctx), {
      action: 'content.image_upload',
      target: image.id,
      merchantCode: merchant.code,
      details: { mediaType: image.mediaType, width: image.width, height: image.height, byteSize: image.byteSize },
    });
    return presentImage(image);
  });
};
