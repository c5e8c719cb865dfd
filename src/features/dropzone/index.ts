export { DropzonePage } from './dropzone-page';
