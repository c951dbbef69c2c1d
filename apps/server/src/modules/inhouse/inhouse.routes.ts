import { crashEndpoints, inhouseEndpoints } from '@tessera/contracts';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, SiteContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import type { CrashService } from './crash.service';
import { presentGames, presentRevealedPair, presentRound } from './inhouse.presenter';
import type { InhouseService } from './inhouse.service';

const signedIn = (ctx: SiteContext): MemberPrincipal => {
  if (!ctx.member) throw new AppError('login.not.session');
  return ctx.member;
};

export const registerInhouseRoutes = (r: Registrar, inhouse: InhouseService, crash: CrashService): void => {
  r.site(inhouseEndpoints.games, async ({ ctx }) =>
    presentGames(await inhouse.games(ctx.merchant), ctx.merchant.settings.currency),
  );
  r.site(inhouseEndpoints.seeds, async ({ ctx }) => inhouse.seeds(signedIn(ctx)));
  r.site(inhouseEndpoints.rotateSeeds, async ({ ctx, input }) => {
    const { previous, current } = await inhouse.rotateSeeds(signedIn(ctx), input.clientSeed);
    return { previous: { ...previous, revealedAt: previous.revealedAt.toISOString() }, current };
  });
  r.site(inhouseEndpoints.revealedSeeds, async ({ ctx }) =>
    (await inhouse.revealedSeeds(signedIn(ctx))).map(presentRevealedPair),
  );
  r.site(inhouseEndpoints.placeBet, async ({ ctx, input }) =>
    presentRound(await inhouse.placeBet(ctx.merchant, signedIn(ctx), input)),
  );
  r.site(inhouseEndpoints.minesReveal, async ({ ctx, params, input }) =>
    presentRound(await inhouse.minesReveal(ctx.merchant, signedIn(ctx), params.id, input.tile)),
  );
  r.site(inhouseEndpoints.minesCashOut, async ({ ctx, params }) =>
    presentRound(await inhouse.minesCashOut(ctx.merchant, signedIn(ctx), params.id)),
  );
  r.site(inhouseEndpoints.openMines, async ({ ctx }) => {
    const round = await inhouse.openMines(signedIn(ctx));
    return round ? presentRound(round) : null;
  });
  r.site(inhouseEndpoints.recall, async ({ ctx, input }) =>
    (await inhouse.recall(signedIn(ctx), input.game)).map(presentRound),
  );
  r.site(inhouseEndpoints.round, async ({ ctx, params }) =>
    presentRound(await inhouse.round(signedIn(ctx), params.id)),
  );
  r.site(crashEndpoints.state, async ({ ctx }) => {
    const { myBet, ...state } = await crash.state(ctx.merchant, ctx.member);
    return { ...state, myBet: myBet ? presentRound(myBet) : null };
  });
  r.site(crashEndpoints.placeBet, async ({ ctx, input }) =>
    presentRound(await crash.placeBet(ctx.merchant, signedIn(ctx), input)),
  );
  r.site(crashEndpoints.cashOut, async ({ ctx, params }) =>
    presentRound(await crash.cashOut(ctx.merchant, signedIn(ctx), params.id)),
  );
};
