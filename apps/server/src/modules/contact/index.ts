import { defineModule } from '../../platform/modules';
import { registerContactRoutes } from './contact.routes';
import { type ContactService, createContactService } from './contact.service';

export type { ContactService } from './contact.service';

declare module '../../platform/modules' {
  interface ModuleServices {
    contact: ContactService;
  }
}

/** Talking to members (issue 30): feedback and complaints with the desk's queue. */
export const contactModule = defineModule({
  name: 'contact',
  create: (host) => createContactService(host),
  routes: (registrar, contact) => registerContactRoutes(registrar, contact),
});
