import { defineModule } from '../../platform/modules';
import { createAdminRepository } from './admin.repository';
import { registerAdminRoutes } from './admin.routes';
import { type AdminService, createAdminService } from './admin.service';

export { registerAdminRoutes } from './admin.routes';
export { type AdminService, createAdminService } from './admin.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    /** Operators, their sessions and the audit log; the back office's own login and merchant management. */
    admin: AdminService;
  }
}

export const adminModule = defineModule({
  name: 'admin',
  create: ({ database }) => createAdminService(createAdminRepository(database.pool, database.replica)),
  routes: (registrar, admin, { services }) => registerAdminRoutes(registrar, admin, services.merchants),
});
