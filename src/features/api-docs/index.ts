export { SwaggerDocsPage } from './swagger-docs-page';
export { ScalarDocsPage } from './scalar-docs-page';
