export { LayoutListPage } from './layout-list-page';
