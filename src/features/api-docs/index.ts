export { SwaggerDocsPage } from './swagger-docs-page';
export { RedocDocsPage } from './redoc-docs-page';
