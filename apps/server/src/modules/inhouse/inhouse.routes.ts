import { crashEndpoints, inhouseEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { CrashService } from './crash.service';
import { presentGames, presentRevealedPair, presentRound } from './inhouse.presenter';
import type { InhouseService } from './inhouse.service';

export const registerInhouseRoutes = (r: Registrar, inhouse: InhouseService, crash: CrashService): void => {
  r.site(inhouseEndpoints.games, async ({ ctx }) =>
    presentGames(await inhouse.games(ctx.merchant), ctx.merchant.settings.currency),
  );
  r.site(inhouseEndpoints.seeds, async ({ ctx }) => inhouse.seeds(ctx.member));
  r.site(inhouseEndpoints.rotateSeeds, async ({ ctx, input }) => {
    const { previous, current } = await inhouse.rotateSeeds(ctx.member, input.clientSeed);
    return { previous: { ...previous, revealedAt: previous.revealedAt.toISOString() }, current };
  });
  r.site(inhouseEndpoints.revealedSeeds, async ({ ctx }) =>
    (await inhouse.revealedSeeds(ctx.member)).map(presentRevealedPair),
  );
  r.site(inhouseEndpoints.placeBet, async ({ ctx, input }) =>
    presentRound(await inhouse.placeBet(ctx.merchant, ctx.member, input)),
  );
  r.site(inhouseEndpoints.minesReveal, async ({ ctx, params, input }) =>
    presentRound(await inhouse.minesReveal(ctx.merchant, ctx.member, params.id, input.tile)),
  );
  r.site(inhouseEndpoints.minesCashOut, async ({ ctx, params }) =>
    presentRound(await inhouse.minesCashOut(ctx.merchant, ctx.member, params.id)),
  );
  r.site(inhouseEndpoints.openMines, async ({ ctx }) => {
    const round = await inhouse.openMines(ctx.member);
    return round ? presentRound(round) : null;
  });
  r.site(inhouseEndpoints.recall, async ({ ctx, input }) =>
    (await inhouse.recall(ctx.member, input.game)).map(presentRound),
  );
  r.site(inhouseEndpoints.round, async ({ ctx, params }) => presentRound(await inhouse.round(ctx.member, params.id)));
  r.site(crashEndpoints.state, async ({ ctx }) => {
    const { myBet, ...state } = await crash.state(ctx.merchant, ctx.member);
    return { ...state, myBet: myBet ? presentRound(myBet) : null };
  });
  r.site(crashEndpoints.placeBet, async ({ ctx, input }) =>
    presentRound(await crash.placeBet(ctx.merchant, ctx.member, input)),
  );
  r.site(crashEndpoints.cashOut, async ({ ctx, params }) =>
    presentRound(await crash.cashOut(ctx.merchant, ctx.member, params.id)),
  );
};
