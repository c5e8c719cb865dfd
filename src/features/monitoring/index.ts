export { MonitoringPage } from './monitoring-page';
