export { SchemaPlaygroundPage } from './schema-playground-page';
