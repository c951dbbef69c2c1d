export { createAdminRepository } from './admin.repository';
export { registerAdminRoutes } from './admin.routes';
export { auditLog, operatorSessions, operators } from './admin.schema';
export { type AdminService, createAdminService } from './admin.service';
export { registerAdminCashierRoutes } from './admin-cashier.routes';
export { registerAdminContentRoutes } from './admin-content.routes';
export { registerAdminGamesRoutes } from './admin-games.routes';
export { registerAdminInhouseRoutes } from './admin-inhouse.routes';
export { registerAdminMemberRoutes } from './admin-members.routes';
