export { SecurityLogPage } from './security-log-page';
