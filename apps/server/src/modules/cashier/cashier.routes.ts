import { cashierEndpoints, gatewayCallbackSchema } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import type { MerchantContext } from '../../platform/http/context';
import { failureEnvelope } from '../../platform/http/envelope';
import type { Registrar } from '../../platform/http/registrar';
import { presentChannel, presentDeposit, presentDeposits } from './cashier.presenter';
import type { DepositRow } from './cashier.repository';
import type { CashierService } from './cashier.service';
import { verifyGatewayCallback } from './sandbox-gateway.client';

export const registerCashierRoutes = (r: Registrar, cashier: CashierService): void => {
  const presentOne = async (merchant: MerchantContext, row: DepositRow) =>
    (await presentDeposits(cashier, merchant, [row]))[0] ?? presentDeposit(row, 'gateway');

  r.site(cashierEndpoints.channels, async ({ ctx }) => {
    return (await cashier.listChannels(ctx.merchant)).map(presentChannel);
  });

  r.site(cashierEndpoints.createDeposit, async ({ input, ctx, request }) =>
    presentOne(ctx.merchant, await cashier.createDeposit(ctx.merchant, ctx.member, input, request.host)),
  );

  r.site(cashierEndpoints.getDeposit, async ({ params, ctx }) =>
    presentOne(ctx.merchant, await cashier.getDeposit(ctx.merchant, ctx.member, params.id)),
  );

  r.site(cashierEndpoints.listDeposits, async ({ input, ctx }) => {
    const { rows, totalPages } = await cashier.listDeposits(ctx.merchant, ctx.member, input.pageNo);
    return { list: await presentDeposits(cashier, ctx.merchant, rows), pageNo: input.pageNo, totalPages };
  });

  r.site(cashierEndpoints.addDepositProofs, async ({ params, files, ctx }) =>
    presentOne(ctx.merchant, await cashier.attachDepositProofs(ctx.merchant, ctx.member, params.id, files)),
  );

  r.site(cashierEndpoints.depositProof, async ({ params, ctx }) => {
    const order = await cashier.getDeposit(ctx.merchant, ctx.member, params.id);
    return cashier.depositProof(order.id, params.proofId);
  });
};

/**
 * The gateway's callback (docs/runbooks/sandbox-gateway.md): an outside party, so no Merchant header or module
 * id; the merchant is in the URL, the signature covers the raw body. Any 2xx stops its retries, so only a
 * verified, applied (or already applied) callback answers 200.
 */
export const registerGatewayCallbackRoute = async (
  app: FastifyInstance,
  deps: {
    cashier: CashierService;
    secret: string;
    merchantOf: (code: string) => Promise<MerchantContext>;
    log: (message: string, details: Record<string, unknown>) => void;
  },
): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { merchantCode: string } }>(
      '/wps/cashier/callback/sandbox/:merchantCode',
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const timestamp = request.headers['x-gateway-timestamp'];
        const signature = request.headers['x-gateway-signature'];
        if (
          !verifyGatewayCallback(
            deps.secret,
            raw,
            typeof timestamp === 'string' ? timestamp : undefined,
            typeof signature === 'string' ? signature : undefined,
          )
        ) {
          deps.log('gateway callback with a bad signature refused', { merchantCode: request.params.merchantCode });
          return reply.status(401).send(failureEnvelope('forbidden'));
        }
        let parsed: ReturnType<typeof gatewayCallbackSchema.safeParse>;
        try {
          parsed = gatewayCallbackSchema.safeParse(JSON.parse(raw));
        } catch {
          return reply.status(400).send(failureEnvelope('malformed_json'));
        }
        if (!parsed.success) return reply.status(400).send(failureEnvelope('validation_failed'));
        const result = await deps.cashier.handleGatewayCallback(
          parsed.data,
          deps.merchantOf,
          request.params.merchantCode,
        );
        return reply.send({ success: true, value: result, message: null, errorCode: null });
      },
    );
  });
};
