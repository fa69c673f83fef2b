export { DashboardPage } from '../features/dashboard';
