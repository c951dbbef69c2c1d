export { registerRegisterRoutes } from './register.routes';
export { ageOn, createRegisterService, MINIMUM_AGE, type RegisterService } from './register.service';
