export { registerVersionRoutes } from './routes.ts';
