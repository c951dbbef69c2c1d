export { registerMessagesRoutes } from './messages.routes';
export { memberMessages } from './messages.schema';
export { createMessagesService, type MessagesService } from './messages.service';
