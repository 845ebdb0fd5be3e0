export { registerVersionRoutes, HOW_TO_PIN } from './routes.ts';
