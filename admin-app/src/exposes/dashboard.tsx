export { DashboardPage } from '../features/dashboard/components/dashboard-page';
