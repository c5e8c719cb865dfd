export { RetailIconsPage } from './retail-icons-page';
