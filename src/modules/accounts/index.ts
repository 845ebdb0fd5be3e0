export { registerAccountRoutes } from './routes.ts';
