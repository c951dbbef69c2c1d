export { createAccountRepository } from './account.repository';
export { registerAccountRoutes } from './account.routes';
export { passwordResetTokens } from './account.schema';
export { type AccountService, createAccountService } from './account.service';
